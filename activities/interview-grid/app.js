// Assessor's rating grid: the people this assessor evaluates (getSamples), each rated on every
// criterion of the campaign's model (session.testData.criteria: [{ id, label, description?, min, max, levels? }],
// `levels` the words of each level) with a note per criterion. Each rating and note is recorded as it is given
// (trackAssessedOutcomes: { questionId: <criterion>, value } and { questionId: 'note:<criterion>', value });
// "Non osservato" is its own choice, recorded as null: judged, and left out of every mean and score.
// 'Termina' closes a person's ratings after a confirmation naming what is still unrated. Once the campaign's
// ratings are locked (testData.ratingsLocked) everything is shown read-only, saying why.
(function () {
  'use strict';

  var TEXTS = {
    it: {
      title: 'Griglia di colloquio',
      intro: 'Scegli la persona che hai incontrato e valutala su ogni criterio. Ogni valutazione viene salvata appena la dai.',
      people: 'Persone da valutare',
      states: { todo: 'Da valutare', doing: 'In corso', done: 'Valutazione conclusa' },
      progress: function (n, m) {
        return n + ' di ' + m + ' criteri';
      },
      criterion: function (n, m) {
        return 'Criterio ' + n + ' di ' + m;
      },
      open: function (name) {
        return 'Valuta ' + name;
      },
      review: function (name) {
        return 'Rivedi ' + name;
      },
      heading: function (name) {
        return 'Valutazione di ' + name;
      },
      scaleHint: function (min, max) {
        return 'Da ' + min + ' a ' + max + '. Scegli «Non osservato» se non hai potuto osservarlo: non entra nei punteggi.';
      },
      notObserved: 'Non osservato',
      locked: 'La campagna è chiusa: le valutazioni e le note si possono rileggere ma non più modificare.',
      saving: 'Salvataggio…',
      noteSaved: 'Nota salvata.',
      noteNotSaved: 'Nota non salvata: riprova.',
      note: function (label) {
        return 'Note su «' + label + '»';
      },
      noteHint: 'Facoltativo. Salvata mentre scrivi.',
      store: 'Materiale salvato dalla persona',
      back: 'Torna all’elenco',
      finish: 'Termina',
      confirmTitle: function (name) {
        return 'Vuoi chiudere la valutazione di ' + name + '?';
      },
      confirmText: 'Potrai comunque rivederla più tardi.',
      confirmMissing: 'Non hai ancora valutato questi criteri:',
      confirm: 'Sì, termina',
      cancel: 'Continua a valutare',
      saved: 'Salvato',
      closed: function (name) {
        return 'Valutazione di ' + name + ' conclusa.';
      },
      none: 'In questa attività non hai persone da valutare.',
      noCriteria: 'Per questa attività non sono stati definiti criteri di valutazione.',
      onlyAssessors: 'Questa attività è riservata ai valutatori.',
      exit: 'Esci',
      error: 'Errore',
    },
    en: {
      title: 'Interview grid',
      intro: 'Choose the person you met and rate them on every criterion. Each rating is saved as soon as you give it.',
      people: 'People to assess',
      states: { todo: 'To assess', doing: 'In progress', done: 'Assessment closed' },
      progress: function (n, m) {
        return n + ' of ' + m + ' criteria';
      },
      criterion: function (n, m) {
        return 'Criterion ' + n + ' of ' + m;
      },
      open: function (name) {
        return 'Assess ' + name;
      },
      review: function (name) {
        return 'Review ' + name;
      },
      heading: function (name) {
        return 'Assessment of ' + name;
      },
      scaleHint: function (min, max) {
        return 'From ' + min + ' to ' + max + '. Choose “Not observed” if you could not observe it: it is left out of the scores.';
      },
      notObserved: 'Not observed',
      locked: 'The campaign is closed: ratings and notes can be read but no longer changed.',
      saving: 'Saving…',
      noteSaved: 'Note saved.',
      noteNotSaved: 'Note not saved: try again.',
      note: function (label) {
        return 'Notes on “' + label + '”';
      },
      noteHint: 'Optional. Saved as you type.',
      store: 'Material saved by the person',
      back: 'Back to the list',
      finish: 'Finish',
      confirmTitle: function (name) {
        return 'Close the assessment of ' + name + '?';
      },
      confirmText: 'You can still review it later.',
      confirmMissing: 'You have not rated these criteria yet:',
      confirm: 'Yes, finish',
      cancel: 'Keep rating',
      saved: 'Saved',
      closed: function (name) {
        return 'Assessment of ' + name + ' closed.';
      },
      none: 'You have nobody to assess in this activity.',
      noCriteria: 'No rating criteria are set for this activity.',
      onlyAssessors: 'This activity is for assessors only.',
      exit: 'Exit',
      error: 'Error',
    },
    es: {
      title: 'Parrilla de entrevista',
      intro: 'Elige a la persona con la que te has reunido y valórala en cada criterio. Cada valoración se guarda en cuanto la das.',
      people: 'Personas que evaluar',
      states: { todo: 'Por evaluar', doing: 'En curso', done: 'Evaluación cerrada' },
      progress: function (n, m) {
        return n + ' de ' + m + ' criterios';
      },
      criterion: function (n, m) {
        return 'Criterio ' + n + ' de ' + m;
      },
      open: function (name) {
        return 'Evaluar a ' + name;
      },
      review: function (name) {
        return 'Revisar a ' + name;
      },
      heading: function (name) {
        return 'Evaluación de ' + name;
      },
      scaleHint: function (min, max) {
        return 'De ' + min + ' a ' + max + '. Elige «No observado» si no has podido observarlo: no cuenta en las puntuaciones.';
      },
      notObserved: 'No observado',
      locked: 'La campaña está cerrada: las valoraciones y las notas se pueden leer pero ya no modificar.',
      saving: 'Guardando…',
      noteSaved: 'Nota guardada.',
      noteNotSaved: 'Nota no guardada: inténtalo de nuevo.',
      note: function (label) {
        return 'Notas sobre «' + label + '»';
      },
      noteHint: 'Opcional. Se guarda mientras escribes.',
      store: 'Material guardado por la persona',
      back: 'Volver a la lista',
      finish: 'Terminar',
      confirmTitle: function (name) {
        return '¿Cerrar la evaluación de ' + name + '?';
      },
      confirmText: 'Podrás revisarla más tarde.',
      confirmMissing: 'Aún no has valorado estos criterios:',
      confirm: 'Sí, terminar',
      cancel: 'Seguir valorando',
      saved: 'Guardado',
      closed: function (name) {
        return 'Evaluación de ' + name + ' cerrada.';
      },
      none: 'En esta actividad no tienes personas que evaluar.',
      noCriteria: 'No se han definido criterios de evaluación para esta actividad.',
      onlyAssessors: 'Esta actividad está reservada a los evaluadores.',
      exit: 'Salir',
      error: 'Error',
    },
  };

  var kit = window.ProvaKit;
  var el = kit.el;
  var app = document.getElementById('app');
  var t = TEXTS.it;
  var criteria = [];
  var samples = [];
  var locked = false;
  /** The value that stands for "non osservato" among the radios (recorded as null). */
  var NOT_OBSERVED = 'not-observed';
  /** What this assessor recorded, by person: { <questionId>: value }. */
  var recorded = {};

  function nameOf(person) {
    var name = [person.firstName, person.lastName].filter(Boolean).join(' ');
    return name || person.email || '#' + person.id;
  }

  /** A criterion judged: a level, or "non osservato" (null). */
  function judged(value) {
    return typeof value === 'number' || value === null;
  }

  function ratedCount(id) {
    var mine = recorded[id] || {};
    return criteria.filter(function (c) {
      return judged(mine[c.id]);
    }).length;
  }

  function stateOf(id) {
    var rated = ratedCount(id);
    if (rated === criteria.length) return 'done';
    return Object.keys(recorded[id] || {}).length ? 'doing' : 'todo';
  }

  function record(person, questionId, value) {
    recorded[person.id] = recorded[person.id] || {};
    recorded[person.id][questionId] = value;
    return ProvaActivity.trackAssessedOutcomes(person.id, [{ questionId: questionId, value: value }]);
  }

  function renderList(message) {
    var top = kit.bar(t.title);
    var done = samples.filter(function (p) {
      return stateOf(p.id) === 'done';
    }).length;
    top.setText(t.states.done + ': ' + done + ' / ' + samples.length);
    var items = samples.map(function (person) {
      var state = stateOf(person.id);
      var name = nameOf(person);
      return el('li', { class: 'pk-card' }, [
        el('h3', { text: name }),
        el('p', {}, [
          el('span', { class: 'pk-badge' + (state === 'done' ? ' pk-badge--done' : ''), text: t.states[state] }),
          ' ' + t.progress(ratedCount(person.id), criteria.length),
        ]),
        kit.button(
          state === 'done' || locked ? t.review(name) : t.open(name),
          function () {
            renderPerson(person);
          },
          state === 'done' || locked ? 'secondary' : undefined,
        ),
      ]);
    });
    app.replaceChildren(
      top.node,
      el('main', { class: 'pk-page' }, [
        el('h1', { text: t.title }),
        el('p', { class: 'pk-lead', text: locked ? t.locked : t.intro }),
        message ? kit.notice(message, 'success') : null,
        el('h2', { text: t.people }),
        el('ul', { class: 'pk-list' }, items),
        el('div', { class: 'pk-actions' }, [
          kit.button(
            t.exit,
            function () {
              ProvaActivity.exit().catch(showError);
            },
            'secondary',
          ),
        ]),
      ]),
    );
  }

  function criterionBlock(person, criterion, index) {
    var mine = recorded[person.id] || {};
    var words = {};
    (criterion.levels || []).forEach(function (level) {
      words[level.value] = level.label;
    });
    // Each level's words are part of its radio's name: "3 – Riformula le domande".
    var options = [{ value: NOT_OBSERVED, label: t.notObserved }];
    for (var v = criterion.min; v <= criterion.max; v++) {
      options.push({ value: v, label: words[v] ? v + ' – ' + words[v] : String(v) });
    }
    var given = mine[criterion.id];
    var question = kit.choice({
      name: 'c-' + criterion.id,
      number: index + 1,
      total: criteria.length,
      text: criterion.label + (criterion.description ? ' – ' + criterion.description : ''),
      value: given === null ? NOT_OBSERVED : given,
      compact: !criterion.levels,
      disabled: locked,
      counter: t.criterion,
      options: options,
      onChange: function (value) {
        record(person, criterion.id, value === NOT_OBSERVED ? null : Number(value)).catch(showError);
      },
    });
    var noteId = 'note-' + criterion.id;
    var status = el('span', { class: 'pk-field__hint', role: 'status' });
    var note = el('textarea', { id: noteId, rows: '2', maxlength: '2000', 'aria-describedby': noteId + '-hint' });
    note.value = typeof mine['note:' + criterion.id] === 'string' ? mine['note:' + criterion.id] : '';
    note.readOnly = locked;
    // Every key goes to the platform at once: it keeps the note and coalesces the sends (a reload with the focus
    // here loses nothing). "Salvata" only once the server has this very text, never while a newer one waits.
    var typed = 0;
    note.addEventListener('input', function () {
      var mark = ++typed;
      status.textContent = t.saving;
      record(person, 'note:' + criterion.id, note.value).then(
        function () {
          if (mark === typed) status.textContent = t.noteSaved;
        },
        function () {
          if (mark === typed) status.textContent = t.noteNotSaved;
        },
      );
    });
    question.appendChild(el('p', { class: 'pk-field__hint', text: t.scaleHint(criterion.min, criterion.max) }));
    question.appendChild(
      el('div', { class: 'pk-field' }, [
        el('label', { for: noteId, text: t.note(criterion.label) }),
        note,
        el('span', { class: 'pk-field__hint', id: noteId + '-hint', text: locked ? t.locked : t.noteHint }),
        status,
      ]),
    );
    return question;
  }

  function renderPerson(person) {
    var name = nameOf(person);
    var top = kit.bar(t.title);
    var blocks = criteria.map(function (c, i) {
      return criterionBlock(person, c, i);
    });
    var storeSlot = el('div');
    app.replaceChildren(
      top.node,
      el(
        'main',
        { class: 'pk-page' },
        [
          el('h1', { tabindex: '-1', id: 'person-heading', text: t.heading(name) }),
          locked ? kit.notice(t.locked, 'warning') : null,
          storeSlot,
        ]
          .concat(blocks)
          .concat([
            el('div', { class: 'pk-actions' }, [
              kit.button(
                t.back,
                function () {
                  renderList();
                },
                'secondary',
              ),
              locked
                ? null
                : kit.button(t.finish, function () {
                    finishPerson(person);
                  }),
            ]),
          ]),
      ),
    );
    kit.trackPosition(blocks, function (index) {
      top.setPosition(index + 1, criteria.length, t.criterion);
    });
    document.getElementById('person-heading').focus();
    // What the person saved in this test, for the assessor to read (nothing for an interview).
    ProvaActivity.getAssessedStore(person.id)
      .then(function (store) {
        if (store === null || store === undefined || store === '') return;
        storeSlot.replaceChildren(
          el('details', { class: 'pk-card' }, [
            el('summary', { text: t.store }),
            el('pre', { text: typeof store === 'string' ? store : JSON.stringify(store, null, 2) }),
          ]),
        );
      })
      .catch(function () {
        /* the grid works without it */
      });
  }

  function finishPerson(person) {
    var name = nameOf(person);
    var missing = criteria
      .filter(function (c) {
        return !judged((recorded[person.id] || {})[c.id]);
      })
      .map(function (c) {
        return c.label;
      });
    kit
      .confirm({
        title: t.confirmTitle(name),
        message: missing.length ? t.confirmMissing : t.confirmText,
        items: missing,
        confirm: t.confirm,
        cancel: t.cancel,
      })
      .then(function (ok) {
        if (ok) renderList(t.closed(name));
      });
  }

  function showNotice(text, kind) {
    app.replaceChildren(kit.messagePage({ title: t.title, message: text, kind: kind }));
  }

  function showError(error) {
    showNotice(kit.errorText(t.error, error), 'error');
  }

  ProvaActivity.init()
    .then(function (session) {
      t = kit.texts(TEXTS, session.lang);
      if (!session.isAssessor) return showNotice(t.onlyAssessors, 'warning');
      var options = session.testData && typeof session.testData === 'object' ? session.testData : {};
      locked = options.ratingsLocked === true;
      criteria = (Array.isArray(options.criteria) ? options.criteria : []).map(function (c) {
        return {
          id: String(c.id),
          label: kit.localized(c.label, session.lang) || String(c.id),
          description: kit.localized(c.description, session.lang),
          min: Number(c.min) || 0,
          max: Number(c.max) || 5,
          levels: Array.isArray(c.levels) && c.levels.length ? c.levels : null,
        };
      });
      if (!criteria.length) return showNotice(t.noCriteria, 'warning');
      return Promise.all([ProvaActivity.getSamples(), ProvaActivity.getAssessedOutcomes()]).then(function (answers) {
        samples = answers[0];
        answers[1].forEach(function (o) {
          var who = o.evaluatedId !== undefined ? o.evaluatedId : o.userId;
          if (who === undefined || o.questionId === undefined) return;
          recorded[who] = recorded[who] || {};
          recorded[who][String(o.questionId)] = o.value;
        });
        if (!samples.length) return showNotice(t.none, 'info');
        renderList();
      });
    })
    .catch(showError);
})();
