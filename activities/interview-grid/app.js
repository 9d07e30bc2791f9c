// Assessor activity: pick one of the people you assess, rate their listening ('ascolto') from 0 to 5
// and save it with trackAssessedOutcomes. Ratings already recorded are shown again.
(function () {
  'use strict';

  var OUTCOME = 'ascolto';
  var TEXTS = {
    it: {
      title: 'Griglia di colloquio',
      intro: 'Scegli la persona che hai intervistato e valuta la sua capacità di ascolto.',
      people: 'Persona valutata', rating: 'Ascolto: ascolta e riformula (0 = non osservato, 5 = eccellente)',
      scale: ['Non osservato', 'Molto debole', 'Debole', 'Adeguato', 'Buono', 'Eccellente'],
      save: 'Salva valutazione', finish: 'Termina', exit: 'Esci',
      saved: function (name) { return 'Valutazione di ' + name + ' salvata.'; },
      rated: function (v) { return 'valutato: ' + v; }, notRated: 'da valutare',
      pick: 'Scegli una persona e un punteggio.', none: 'Nessuna persona da valutare in questa attività.',
      onlyAssessors: 'Questa attività è riservata ai valutatori.', done: 'Valutazioni concluse. Grazie!',
      error: 'Errore',
    },
    en: {
      title: 'Interview grid',
      intro: 'Choose the person you interviewed and rate how well they listen.',
      people: 'Person assessed', rating: 'Listening: listens and rephrases (0 = not observed, 5 = excellent)',
      scale: ['Not observed', 'Very weak', 'Weak', 'Adequate', 'Good', 'Excellent'],
      save: 'Save rating', finish: 'Finish', exit: 'Exit',
      saved: function (name) { return 'Rating for ' + name + ' saved.'; },
      rated: function (v) { return 'rated: ' + v; }, notRated: 'to rate',
      pick: 'Choose a person and a score.', none: 'Nobody to assess in this activity.',
      onlyAssessors: 'This activity is for assessors only.', done: 'Ratings finished. Thank you!',
      error: 'Error',
    },
    es: {
      title: 'Parrilla de entrevista',
      intro: 'Elige a la persona entrevistada y valora su capacidad de escucha.',
      people: 'Persona evaluada', rating: 'Escucha: escucha y reformula (0 = no observado, 5 = excelente)',
      scale: ['No observado', 'Muy débil', 'Débil', 'Adecuado', 'Bueno', 'Excelente'],
      save: 'Guardar valoración', finish: 'Terminar', exit: 'Salir',
      saved: function (name) { return 'Valoración de ' + name + ' guardada.'; },
      rated: function (v) { return 'valorado: ' + v; }, notRated: 'por valorar',
      pick: 'Elige una persona y una puntuación.', none: 'No hay personas que evaluar en esta actividad.',
      onlyAssessors: 'Esta actividad está reservada a los evaluadores.', done: 'Valoraciones terminadas. ¡Gracias!',
      error: 'Error',
    },
  };

  var kit = window.ActivityKit;
  var el = kit.el;
  var app = document.getElementById('app');
  var t = TEXTS.it;
  var samples = [];
  var ratings = {};
  var selected = null;

  function nameOf(person) {
    var name = [person.firstName, person.lastName].filter(Boolean).join(' ');
    return name || person.email || '#' + person.id;
  }

  function render(message) {
    var people = el('fieldset', {}, [el('legend', { text: t.people })].concat(samples.map(function (p) {
      var status = ratings[p.id] === undefined ? t.notRated : t.rated(ratings[p.id]);
      return kit.radio('person', p.id, nameOf(p) + ' (' + status + ')', { checked: selected === p.id, onChange: function () {
        selected = p.id;
        render();
        document.getElementById('person-' + p.id).focus();
      } });
    })));
    var current = selected === null ? undefined : ratings[selected];
    var scale = el('fieldset', {}, [el('legend', { text: t.rating })].concat(t.scale.map(function (label, value) {
      return kit.radio('score', value, value + ' – ' + label, { checked: current === value });
    })));
    var save = el('button', { type: 'button', text: t.save });
    save.addEventListener('click', saveRating);
    var finish = el('button', { type: 'button', class: 'secondary', text: t.finish });
    finish.addEventListener('click', function () {
      ProvaActivity.markComplete().then(renderDone).catch(showError);
    });
    app.replaceChildren(
      el('h1', { text: t.title }),
      el('p', { text: t.intro }),
      people,
      scale,
      el('p', { id: 'message', role: 'status', text: message || '' }),
      el('div', { class: 'actions' }, [save, finish])
    );
  }

  function saveRating() {
    var checked = app.querySelector('input[name="score"]:checked');
    if (selected === null || !checked) {
      document.getElementById('message').textContent = t.pick;
      return;
    }
    var person = samples.filter(function (p) { return p.id === selected; })[0];
    var value = Number(checked.value);
    ProvaActivity.trackAssessedOutcomes(selected, [{ questionId: OUTCOME, value: value }])
      .then(function () {
        ratings[selected] = value;
        render(t.saved(nameOf(person)));
      })
      .catch(showError);
  }

  function renderDone() {
    app.replaceChildren(el('h1', { text: t.title }), kit.notice(t.done), kit.exitButton(t.exit, showError));
  }

  function showNotice(text, isError) {
    app.replaceChildren(el('h1', { text: t.title }), kit.notice(text, isError));
  }

  function showError(error) {
    showNotice(kit.errorText(t.error, error), true);
  }

  ProvaActivity.init()
    .then(function (session) {
      t = kit.textsFor(TEXTS, session.lang);
      if (!session.isAssessor) return showNotice(t.onlyAssessors, true);
      return Promise.all([ProvaActivity.getSamples(), ProvaActivity.getAssessedOutcomes()]).then(function (answers) {
        samples = answers[0];
        answers[1].forEach(function (o) {
          var who = o.evaluatedId !== undefined ? o.evaluatedId : o.userId;
          if (o.questionId === OUTCOME && who !== undefined) ratings[who] = Number(o.value);
        });
        if (!samples.length) return showNotice(t.none, false);
        if (session.status === 'not attempted') ProvaActivity.setStatus('incomplete').catch(showError);
        render();
      });
    })
    .catch(showError);
})();
