// Untimed work-styles questionnaire: five statements on a 1-5 agreement scale, one per marker the
// report reads (questionId 'problemi', 'collaborazione', 'risultato', 'iniziativa', 'energia').
// Answers are saved on every change as { answers, current }; 'Invia' records the outcomes, which
// complete the test.
(function () {
  'use strict';

  var ITEMS = ['problemi', 'collaborazione', 'risultato', 'iniziativa', 'energia'];
  var TEXTS = {
    it: {
      title: 'Stili di lavoro',
      intro: 'Indica quanto ogni frase ti descrive. Non ci sono risposte giuste o sbagliate e non c’è limite di tempo.',
      scale: ['Per niente d’accordo', 'Poco d’accordo', 'Né d’accordo né in disaccordo', 'Abbastanza d’accordo', 'Del tutto d’accordo'],
      items: {
        problemi: 'Davanti a un problema complesso lo scompongo in parti più semplici.',
        collaborazione: 'Condivido le informazioni utili con i colleghi senza che me le chiedano.',
        risultato: 'Rispetto le scadenze anche quando il lavoro si complica.',
        iniziativa: 'Propongo nuove idee senza aspettare che me lo chiedano.',
        energia: 'Affronto le giornate di lavoro intense con energia.',
      },
      send: 'Invia',
      exit: 'Esci',
      answered: function (n, m) {
        return 'Risposte date: ' + n + ' di ' + m;
      },
      confirmTitle: 'Vuoi inviare il questionario?',
      confirmText: 'Dopo l’invio non potrai più modificare le risposte.',
      confirmMissing: 'Non hai ancora risposto a queste frasi:',
      confirm: 'Sì, invia',
      back: 'Torna alle domande',
      done: 'Questionario inviato. Grazie!',
      finished: 'Hai completato questa attività.',
      error: 'Impossibile avviare l’attività',
    },
    en: {
      title: 'Work styles',
      intro: 'Say how well each sentence describes you. There are no right or wrong answers and no time limit.',
      scale: ['Strongly disagree', 'Disagree', 'Neither agree nor disagree', 'Agree', 'Strongly agree'],
      items: {
        problemi: 'When a problem is complex, I break it down into simpler parts.',
        collaborazione: 'I share useful information with colleagues without being asked.',
        risultato: 'I meet deadlines even when the work gets harder.',
        iniziativa: 'I put forward new ideas without waiting to be asked.',
        energia: 'I face busy working days with energy.',
      },
      send: 'Send',
      exit: 'Exit',
      answered: function (n, m) {
        return 'Answered: ' + n + ' of ' + m;
      },
      confirmTitle: 'Send the questionnaire?',
      confirmText: 'Once sent, your answers cannot be changed.',
      confirmMissing: 'You have not answered these sentences yet:',
      confirm: 'Yes, send',
      back: 'Back to the questions',
      done: 'Questionnaire sent. Thank you!',
      finished: 'You have completed this activity.',
      error: 'The activity could not start',
    },
    es: {
      title: 'Estilos de trabajo',
      intro: 'Indica cuánto te describe cada frase. No hay respuestas correctas o incorrectas ni límite de tiempo.',
      scale: ['Totalmente en desacuerdo', 'En desacuerdo', 'Ni de acuerdo ni en desacuerdo', 'De acuerdo', 'Totalmente de acuerdo'],
      items: {
        problemi: 'Ante un problema complejo, lo divido en partes más sencillas.',
        collaborazione: 'Comparto la información útil con mis compañeros sin que me la pidan.',
        risultato: 'Cumplo los plazos incluso cuando el trabajo se complica.',
        iniziativa: 'Propongo ideas nuevas sin esperar a que me lo pidan.',
        energia: 'Afronto las jornadas de trabajo intensas con energía.',
      },
      send: 'Enviar',
      exit: 'Salir',
      answered: function (n, m) {
        return 'Respuestas: ' + n + ' de ' + m;
      },
      confirmTitle: '¿Enviar el cuestionario?',
      confirmText: 'Después del envío ya no podrás cambiar las respuestas.',
      confirmMissing: 'Aún no has respondido a estas frases:',
      confirm: 'Sí, enviar',
      back: 'Volver a las preguntas',
      done: 'Cuestionario enviado. ¡Gracias!',
      finished: 'Has completado esta actividad.',
      error: 'No se pudo iniciar la actividad',
    },
  };

  var kit = window.ProvaKit;
  var app = document.getElementById('app');
  var t = TEXTS.it;
  var state = { answers: {}, current: 0 };
  var finished = false;

  function save() {
    return ProvaActivity.setData(state);
  }

  function answeredCount() {
    return ITEMS.filter(function (id) {
      return state.answers[id];
    }).length;
  }

  function item(id, index) {
    return kit.choice({
      name: id,
      number: index + 1,
      total: ITEMS.length,
      text: t.items[id],
      value: state.answers[id],
      scale: true,
      options: t.scale.map(function (label, i) {
        return { value: i + 1, label: i + 1 + ' – ' + label };
      }),
      onChange: function (value) {
        state.answers[id] = value;
        state.current = index;
        save().catch(showError);
        document.getElementById('answered').textContent = t.answered(answeredCount(), ITEMS.length);
      },
    });
  }

  function send() {
    var missing = ITEMS.map(function (id, i) {
      return state.answers[id] ? null : i + 1 + '. ' + t.items[id];
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
        if (!ok || finished) return;
        finished = true;
        var outcomes = ITEMS.filter(function (id) {
          return state.answers[id];
        }).map(function (id) {
          return { questionId: id, value: state.answers[id] };
        });
        // The outcomes complete the test (and go after the saved answers).
        return save()
          .then(function () {
            return outcomes.length ? ProvaActivity.trackOutcomes(outcomes) : ProvaActivity.setStatus('complete');
          })
          .then(function () {
            renderDone(t.done);
          });
      })
      .catch(showError);
  }

  function renderDone(message) {
    finished = true;
    app.replaceChildren(kit.finishedPage(t.title, message, t.exit, showError));
  }

  function render() {
    kit.questionPage(app, {
      title: t.title,
      intro: t.intro,
      questions: ITEMS.map(item),
      answered: t.answered(answeredCount(), ITEMS.length),
      action: t.send,
      onAction: send,
      position: state.current,
      onPosition: function (index) {
        state.current = index;
      },
      onSettle: function () {
        if (!finished) save().catch(showError);
      },
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
      render();
    })
    .catch(showError);
})();
