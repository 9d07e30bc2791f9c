// Timed numerical reasoning: three questions on a small table. Answers are saved on every change
// as { answers: { q1: 'b', ... }, startedAt }; 'Consegna' (or the end of the time) completes the test.
// Scoring is the server's: the test's algorithm compares data.answers with its key.
(function () {
  'use strict';

  var TEXTS = {
    it: {
      title: 'Ragionamento numerico',
      intro: 'Leggi la tabella e rispondi alle tre domande. Le risposte vengono salvate a ogni modifica.',
      caption: 'Vendite trimestrali (migliaia di euro)',
      product: 'Prodotto', products: ['Lana', 'Cotone', 'Seta'], quarters: ['T1', 'T2', 'T3', 'T4'],
      timeLeft: 'Tempo rimasto', submit: 'Consegna', exit: 'Esci',
      confirm: 'Vuoi consegnare? Non potrai più modificare le risposte.',
      done: 'Risposte consegnate. Grazie!', timeUp: 'Tempo scaduto: le risposte sono state consegnate.',
      unanswered: function (n) { return n === 1 ? 'Manca 1 risposta.' : 'Mancano ' + n + ' risposte.'; },
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
      product: 'Product', products: ['Wool', 'Cotton', 'Silk'], quarters: ['Q1', 'Q2', 'Q3', 'Q4'],
      timeLeft: 'Time left', submit: 'Submit', exit: 'Exit',
      confirm: 'Submit now? You will not be able to change your answers.',
      done: 'Answers submitted. Thank you!', timeUp: 'Time is up: your answers have been submitted.',
      unanswered: function (n) { return n === 1 ? '1 answer missing.' : n + ' answers missing.'; },
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
      product: 'Producto', products: ['Lana', 'Algodón', 'Seda'], quarters: ['T1', 'T2', 'T3', 'T4'],
      timeLeft: 'Tiempo restante', submit: 'Entregar', exit: 'Salir',
      confirm: '¿Entregar ahora? Ya no podrás cambiar las respuestas.',
      done: 'Respuestas entregadas. ¡Gracias!', timeUp: 'Se acabó el tiempo: las respuestas se han entregado.',
      unanswered: function (n) { return n === 1 ? 'Falta 1 respuesta.' : 'Faltan ' + n + ' respuestas.'; },
      error: 'No se pudo iniciar la actividad',
      questions: [
        ['¿Cuáles fueron las ventas anuales de Lana?', ['550', '600', '620', '650']],
        ['¿Cuánto crecieron las ventas de Seda del T1 al T4?', ['35%', '50%', '75%', '87,5%']],
        ['¿Qué producto vendió más en el T3?', ['Lana', 'Algodón', 'Seda', 'Lana y Algodón empatados']],
      ],
    },
  };
  var SALES = [[120, 150, 130, 200], [80, 90, 110, 120], [40, 35, 50, 75]];
  var IDS = ['q1', 'q2', 'q3'];
  var OPTIONS = ['a', 'b', 'c', 'd'];

  var kit = window.ActivityKit;
  var el = kit.el;
  var app = document.getElementById('app');
  var t = TEXTS.it;
  var state = { answers: {}, startedAt: 0 };
  var minutes = 20;
  var finished = false;
  var ticker;

  function table() {
    var head = el('tr', {}, [el('th', { scope: 'col', text: t.product })].concat(t.quarters.map(function (q) { return el('th', { scope: 'col', text: q }); })));
    var rows = SALES.map(function (row, i) {
      return el('tr', {}, [el('th', { scope: 'row', text: t.products[i] })].concat(row.map(function (v) { return el('td', { text: String(v) }); })));
    });
    return el('div', { class: 'table-wrap' }, [el('table', {}, [el('caption', { text: t.caption }), el('thead', {}, [head]), el('tbody', {}, rows)])]);
  }

  function question(index) {
    var id = IDS[index];
    var q = t.questions[index];
    var options = q[1].map(function (text, i) {
      var value = OPTIONS[i];
      return kit.radio(id, value, value + ') ' + text, {
        checked: state.answers[id] === value,
        disabled: finished,
        onChange: function () { answer(id, value); },
      });
    });
    return el('fieldset', {}, [el('legend', { text: (index + 1) + '. ' + q[0] })].concat(options));
  }

  function answer(id, value) {
    state.answers[id] = value;
    ProvaActivity.setData(state).catch(showError);
    updateMissing();
  }

  function updateMissing() {
    var missing = IDS.filter(function (id) { return !state.answers[id]; }).length;
    var note = document.getElementById('missing');
    if (note) note.textContent = missing ? t.unanswered(missing) : '';
  }

  function remainingSeconds() {
    return Math.max(0, Math.round((state.startedAt + minutes * 60000 - Date.now()) / 1000));
  }

  function tick() {
    var left = remainingSeconds();
    var clock = document.getElementById('clock');
    if (clock) clock.textContent = Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0');
    if (left === 0) submit(true);
  }

  function submit(timeUp) {
    if (finished) return;
    if (!timeUp && !window.confirm(t.confirm)) return;
    finished = true;
    clearInterval(ticker);
    ProvaActivity.setData(state)
      .then(function () { return ProvaActivity.setStatus('complete'); })
      .then(function () { renderDone(timeUp ? t.timeUp : t.done); })
      .catch(showError);
  }

  function renderDone(message) {
    app.replaceChildren(el('h1', { text: t.title }), kit.notice(message), kit.exitButton(t.exit, showError));
  }

  function render() {
    var submitButton = el('button', { type: 'button', text: t.submit });
    submitButton.addEventListener('click', function () { submit(false); });
    var timer = el('p', { class: 'timer' }, [document.createTextNode(t.timeLeft + ': '), el('span', { id: 'clock', role: 'timer', 'aria-live': 'off' })]);
    app.replaceChildren(
      el('div', { class: 'bar' }, [el('h1', { text: t.title }), timer]),
      el('p', { text: t.intro }),
      table(),
      question(0), question(1), question(2),
      el('p', { id: 'missing', 'aria-live': 'polite' }),
      el('div', { class: 'actions' }, [submitButton])
    );
    updateMissing();
    tick();
    ticker = setInterval(tick, 1000);
  }

  function showError(error) {
    app.replaceChildren(kit.notice(kit.errorText(t.error, error), true));
  }

  ProvaActivity.init()
    .then(function (session) {
      t = kit.textsFor(TEXTS, session.lang);
      var options = session.testData || {};
      if (typeof options.minutes === 'number' && options.minutes > 0) minutes = options.minutes;
      var saved = session.data && typeof session.data === 'object' ? session.data : {};
      state = { answers: saved.answers || {}, startedAt: saved.startedAt || Date.now() };
      if (session.status === 'complete') {
        finished = true;
        return renderDone(t.done);
      }
      if (!saved.startedAt) ProvaActivity.setData(state).catch(showError);
      if (session.status === 'not attempted') ProvaActivity.setStatus('incomplete').catch(showError);
      render();
    })
    .catch(showError);
})();
