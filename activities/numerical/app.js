// Timed numerical reasoning: three questions on a small table. Answers are saved on every change as
// { answers: { q1: 'b', ... }, current }; 'Consegna' (or the end of the server's clock) completes the
// test. Scoring is the server's: the test's algorithm compares data.answers with its key.
(function () {
  'use strict';

  var TEXTS = {
    it: {
      title: 'Ragionamento numerico',
      intro: 'Leggi la tabella e rispondi alle tre domande. Le risposte vengono salvate a ogni modifica.',
      caption: 'Vendite trimestrali (migliaia di euro)',
      product: 'Prodotto',
      products: ['Lana', 'Cotone', 'Seta'],
      quarters: ['T1', 'T2', 'T3', 'T4'],
      submit: 'Consegna',
      exit: 'Esci',
      confirmTitle: 'Vuoi consegnare le risposte?',
      confirmText: 'Dopo la consegna non potrai più modificarle.',
      confirmMissing: 'Non hai ancora risposto a queste domande:',
      confirm: 'Sì, consegna',
      back: 'Torna alle domande',
      answered: function (n, m) {
        return 'Risposte date: ' + n + ' di ' + m;
      },
      done: 'Risposte consegnate. Grazie!',
      timeUp: 'Tempo scaduto: le risposte date sono state consegnate.',
      finished: 'Hai completato questa attività.',
      error: 'Impossibile avviare l’attività',
      questions: [
        ['Qual è stato il fatturato annuo della Lana?', ['550', '600', '620', '650']],
        ['Di quanto sono cresciute le vendite di Seta dal T1 al T4?', ['35%', '50%', '75%', '87,5%']],
        ['Quale prodotto ha venduto di più nel T3?', ['Lana', 'Cotone', 'Seta', 'Lana e Cotone a pari merito']],
      ],
    },
    en: {
      title: 'Numerical reasoning',
      intro: 'Read the table and answer the three questions. Your answers are saved on every change.',
      caption: 'Quarterly sales (thousand euro)',
      product: 'Product',
      products: ['Wool', 'Cotton', 'Silk'],
      quarters: ['Q1', 'Q2', 'Q3', 'Q4'],
      submit: 'Submit',
      exit: 'Exit',
      confirmTitle: 'Submit your answers?',
      confirmText: 'Once submitted, they cannot be changed.',
      confirmMissing: 'You have not answered these questions yet:',
      confirm: 'Yes, submit',
      back: 'Back to the questions',
      answered: function (n, m) {
        return 'Answered: ' + n + ' of ' + m;
      },
      done: 'Answers submitted. Thank you!',
      timeUp: 'Time is up: the answers you gave have been submitted.',
      finished: 'You have completed this activity.',
      error: 'The activity could not start',
      questions: [
        ['What were the yearly sales of Wool?', ['550', '600', '620', '650']],
        ['By how much did Silk sales grow from Q1 to Q4?', ['35%', '50%', '75%', '87.5%']],
        ['Which product sold the most in Q3?', ['Wool', 'Cotton', 'Silk', 'Wool and Cotton, tied']],
      ],
    },
    es: {
      title: 'Razonamiento numérico',
      intro: 'Lee la tabla y responde a las tres preguntas. Las respuestas se guardan con cada cambio.',
      caption: 'Ventas trimestrales (miles de euros)',
      product: 'Producto',
      products: ['Lana', 'Algodón', 'Seda'],
      quarters: ['T1', 'T2', 'T3', 'T4'],
      submit: 'Entregar',
      exit: 'Salir',
      confirmTitle: '¿Entregar las respuestas?',
      confirmText: 'Después de entregarlas ya no podrás cambiarlas.',
      confirmMissing: 'Aún no has respondido a estas preguntas:',
      confirm: 'Sí, entregar',
      back: 'Volver a las preguntas',
      answered: function (n, m) {
        return 'Respuestas: ' + n + ' de ' + m;
      },
      done: 'Respuestas entregadas. ¡Gracias!',
      timeUp: 'Se acabó el tiempo: las respuestas dadas se han entregado.',
      finished: 'Has completado esta actividad.',
      error: 'No se pudo iniciar la actividad',
      questions: [
        ['¿Cuáles fueron las ventas anuales de Lana?', ['550', '600', '620', '650']],
        ['¿Cuánto crecieron las ventas de Seda del T1 al T4?', ['35%', '50%', '75%', '87,5%']],
        ['¿Qué producto vendió más en el T3?', ['Lana', 'Algodón', 'Seda', 'Lana y Algodón empatados']],
      ],
    },
  };
  var SALES = [
    [120, 150, 130, 200],
    [80, 90, 110, 120],
    [40, 35, 50, 75],
  ];
  var IDS = ['q1', 'q2', 'q3'];
  var LETTERS = ['a', 'b', 'c', 'd'];

  var kit = window.ProvaKit;
  var el = kit.el;
  var app = document.getElementById('app');
  var t = TEXTS.it;
  var state = { answers: {}, current: 0 };
  var finished = false;
  var clock;

  function save() {
    return ProvaActivity.setData(state);
  }

  function table() {
    var head = el(
      'tr',
      {},
      [el('th', { scope: 'col', text: t.product })].concat(
        t.quarters.map(function (q) {
          return el('th', { scope: 'col', text: q });
        }),
      ),
    );
    var rows = SALES.map(function (row, i) {
      return el(
        'tr',
        {},
        [el('th', { scope: 'row', text: t.products[i] })].concat(
          row.map(function (v) {
            return el('td', { text: String(v) });
          }),
        ),
      );
    });
    return el('table', { class: 'pk-table' }, [el('caption', { text: t.caption }), el('thead', {}, [head]), el('tbody', {}, rows)]);
  }

  function answeredCount() {
    return IDS.filter(function (id) {
      return state.answers[id];
    }).length;
  }

  function question(index) {
    var q = t.questions[index];
    return kit.choice({
      name: IDS[index],
      number: index + 1,
      total: IDS.length,
      text: q[0],
      value: state.answers[IDS[index]],
      disabled: finished,
      options: q[1].map(function (text, i) {
        return { value: LETTERS[i], label: LETTERS[i] + ') ' + text };
      }),
      onChange: function (value) {
        state.answers[IDS[index]] = value;
        state.current = index;
        save().catch(showError);
        document.getElementById('answered').textContent = t.answered(answeredCount(), IDS.length);
      },
    });
  }

  function submit() {
    var missing = IDS.map(function (id, i) {
      return state.answers[id] ? null : i + 1 + '. ' + t.questions[i][0];
    }).filter(Boolean);
    kit
      .confirm({
        title: t.confirmTitle,
        message: missing.length ? t.confirmMissing : t.confirmText,
        items: missing,
        confirm: t.confirm,
        cancel: t.back,
      })
      .then(function (ok) {
        if (ok) finish(t.done);
      });
  }

  /** Hands in what was given; at the end of the time this is calm, never an error. */
  function finish(message) {
    if (finished) return;
    finished = true;
    if (clock) clock.stop();
    kit.handIn(state).then(function () {
      renderDone(message);
    });
  }

  function renderDone(message) {
    finished = true;
    if (clock) clock.stop();
    app.replaceChildren(kit.finishedPage(t.title, message, t.exit, showError));
  }

  function render(timing) {
    var page = kit.questionPage(app, {
      title: t.title,
      intro: t.intro,
      before: [table()],
      questions: IDS.map(function (_, i) {
        return question(i);
      }),
      answered: t.answered(answeredCount(), IDS.length),
      action: t.submit,
      onAction: submit,
      position: state.current,
      onPosition: function (index) {
        state.current = index;
      },
      onSettle: function () {
        if (!finished) save().catch(showError);
      },
    });
    if (timing)
      clock = kit.countdown(page.bar.timer, timing.remainingSeconds, function () {
        finish(t.timeUp);
      });
  }

  function showError(error) {
    app.replaceChildren(kit.messagePage({ message: kit.errorText(t.error, error), kind: 'error' }));
  }

  kit.onFinished(function () {
    if (!finished) renderDone(t.finished);
  });

  ProvaActivity.init()
    .then(function (session) {
      t = kit.texts(TEXTS, session.lang);
      var saved = session.data && typeof session.data === 'object' ? session.data : {};
      state = { answers: saved.answers || {}, current: Number(saved.current) || 0 };
      if (session.status === 'complete') return renderDone(t.finished);
      if (session.timing && session.timing.remainingSeconds === 0) return finish(t.timeUp);
      render(session.timing);
    })
    .catch(showError);
})();
