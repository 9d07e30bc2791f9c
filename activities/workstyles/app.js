// Untimed work-styles questionnaire: five statements on a 1-5 agreement scale. Answers are saved on
// every change; 'Invia' records one outcome per statement (questionId 'iniziativa', ...) and
// completes the test.
(function () {
  'use strict';

  var ITEMS = ['iniziativa', 'collaborazione', 'organizzazione', 'flessibilita', 'precisione'];
  var TEXTS = {
    it: {
      title: 'Stili di lavoro',
      intro: 'Indica quanto ogni frase ti descrive. Non ci sono risposte giuste o sbagliate e non c’è limite di tempo.',
      scale: ['Per niente d’accordo', 'Poco d’accordo', 'Né d’accordo né in disaccordo', 'Abbastanza d’accordo', 'Del tutto d’accordo'],
      items: {
        iniziativa: 'Propongo nuove idee senza aspettare che me lo chiedano.',
        collaborazione: 'Preferisco lavorare in gruppo piuttosto che da solo/a.',
        organizzazione: 'Pianifico il mio lavoro prima di cominciare.',
        flessibilita: 'Mi adatto con facilità quando cambiano le priorità.',
        precisione: 'Ricontrollo il mio lavoro prima di consegnarlo.',
      },
      send: 'Invia', exit: 'Esci', done: 'Questionario inviato. Grazie!',
      missing: function (n) { return n === 1 ? 'Manca 1 risposta.' : 'Mancano ' + n + ' risposte.'; },
      error: 'Impossibile avviare l’attività',
    },
    en: {
      title: 'Work styles',
      intro: 'Say how well each sentence describes you. There are no right or wrong answers and no time limit.',
      scale: ['Strongly disagree', 'Disagree', 'Neither agree nor disagree', 'Agree', 'Strongly agree'],
      items: {
        iniziativa: 'I put forward new ideas without waiting to be asked.',
        collaborazione: 'I would rather work in a team than alone.',
        organizzazione: 'I plan my work before I start.',
        flessibilita: 'I adapt easily when priorities change.',
        precisione: 'I check my work again before handing it in.',
      },
      send: 'Send', exit: 'Exit', done: 'Questionnaire sent. Thank you!',
      missing: function (n) { return n === 1 ? '1 answer missing.' : n + ' answers missing.'; },
      error: 'The activity could not start',
    },
    es: {
      title: 'Estilos de trabajo',
      intro: 'Indica cuánto te describe cada frase. No hay respuestas correctas o incorrectas ni límite de tiempo.',
      scale: ['Totalmente en desacuerdo', 'En desacuerdo', 'Ni de acuerdo ni en desacuerdo', 'De acuerdo', 'Totalmente de acuerdo'],
      items: {
        iniziativa: 'Propongo ideas nuevas sin esperar a que me lo pidan.',
        collaborazione: 'Prefiero trabajar en equipo que solo/a.',
        organizzazione: 'Planifico mi trabajo antes de empezar.',
        flessibilita: 'Me adapto con facilidad cuando cambian las prioridades.',
        precisione: 'Reviso mi trabajo antes de entregarlo.',
      },
      send: 'Enviar', exit: 'Salir', done: 'Cuestionario enviado. ¡Gracias!',
      missing: function (n) { return n === 1 ? 'Falta 1 respuesta.' : 'Faltan ' + n + ' respuestas.'; },
      error: 'No se pudo iniciar la actividad',
    },
  };

  var kit = window.ActivityKit;
  var el = kit.el;
  var app = document.getElementById('app');
  var t = TEXTS.it;
  var answers = {};

  function item(id, index) {
    var options = t.scale.map(function (label, i) {
      var value = i + 1;
      return kit.radio(id, value, value + ' – ' + label, {
        checked: answers[id] === value,
        onChange: function () {
          answers[id] = value;
          ProvaActivity.setData({ answers: answers }).catch(showError);
          update();
        },
      });
    });
    return el('fieldset', {}, [el('legend', { text: (index + 1) + '. ' + t.items[id] })].concat(options));
  }

  function missingCount() {
    return ITEMS.filter(function (id) { return !answers[id]; }).length;
  }

  function update() {
    var missing = missingCount();
    document.getElementById('missing').textContent = missing ? t.missing(missing) : '';
    document.getElementById('send').disabled = missing > 0;
  }

  function send() {
    var outcomes = ITEMS.map(function (id) { return { questionId: id, value: answers[id] }; });
    document.getElementById('send').disabled = true;
    ProvaActivity.trackOutcomes(outcomes)
      .then(function () { return ProvaActivity.setStatus('complete'); })
      .then(renderDone)
      .catch(showError);
  }

  function renderDone() {
    app.replaceChildren(el('h1', { text: t.title }), kit.notice(t.done), kit.exitButton(t.exit, showError));
  }

  function render() {
    var button = el('button', { type: 'button', id: 'send', text: t.send });
    button.addEventListener('click', send);
    app.replaceChildren.apply(app, [el('h1', { text: t.title }), el('p', { text: t.intro })]
      .concat(ITEMS.map(item))
      .concat([el('p', { id: 'missing', 'aria-live': 'polite' }), el('div', { class: 'actions' }, [button])]));
    update();
  }

  function showError(error) {
    app.replaceChildren(kit.notice(kit.errorText(t.error, error), true));
  }

  ProvaActivity.init()
    .then(function (session) {
      t = kit.textsFor(TEXTS, session.lang);
      var saved = session.data && typeof session.data === 'object' ? session.data : {};
      answers = saved.answers || {};
      if (session.status === 'complete') return renderDone();
      if (session.status === 'not attempted') ProvaActivity.setStatus('incomplete').catch(showError);
      render();
    })
    .catch(showError);
})();
