// In-basket exercise for the agenda layout: the day's e-mails and chats (session.testData.items:
// [{ id, type: 'email' | 'chat', from, time, subject, body }], texts may be localized), and the
// people work can be delegated to (testData.people: [{ id, name, role }]). For each message the
// candidate sets a priority, may delegate it and writes a short reply; everything is saved as it
// changes, as { items: { <id>: { priority, delegate, reply } }, current }. 'Consegna' completes the
// test; the test's algorithm on the server scores priorities, delegations and replies.
(function () {
  'use strict';

  var REPLY_MAX = 500;
  var PRIORITIES = ['alta', 'media', 'bassa'];
  var TEXTS = {
    it: {
      title: 'Posta in arrivo',
      intro:
        'È l’inizio della giornata: ecco i messaggi arrivati. Per ognuno scegli la priorità, decidi se delegarlo e scrivi una breve risposta.',
      briefing: 'Il messaggio che apre la giornata',
      inbox: 'Messaggi',
      position: function (n, m) {
        return 'Messaggio ' + n + ' di ' + m;
      },
      handled: function (n, m) {
        return 'Gestiti: ' + n + ' di ' + m;
      },
      email: 'E-mail',
      chat: 'Chat',
      from: 'Da',
      at: 'Ore',
      priority: 'Priorità',
      priorities: { alta: 'Alta: oggi, prima di tutto', media: 'Media: in giornata', bassa: 'Bassa: può aspettare' },
      delegate: 'Delega a',
      nobody: 'Nessuno: me ne occupo io',
      reply: 'Risposta',
      replyHint: function (n) {
        return n + ' di ' + REPLY_MAX + ' caratteri';
      },
      previous: 'Messaggio precedente',
      next: 'Messaggio successivo',
      submit: 'Consegna',
      handledMark: 'gestito',
      open: 'da gestire',
      confirmTitle: 'Vuoi consegnare la posta gestita?',
      confirmText: 'Dopo la consegna non potrai più modificare le tue scelte.',
      confirmMissing: 'Questi messaggi non hanno ancora una priorità:',
      confirm: 'Sì, consegna',
      back: 'Torna ai messaggi',
      done: 'Posta consegnata. Grazie!',
      timeUp: 'Tempo scaduto: quanto hai fatto è stato consegnato.',
      finished: 'Hai completato questa attività.',
      exit: 'Esci',
      empty: 'Nessun messaggio in questa attività.',
      error: 'Impossibile avviare l’attività',
    },
    en: {
      title: 'Inbox',
      intro:
        'The day is starting: here are the messages that arrived. For each one choose a priority, decide whether to delegate it and write a short reply.',
      briefing: 'The message that opens the day',
      inbox: 'Messages',
      position: function (n, m) {
        return 'Message ' + n + ' of ' + m;
      },
      handled: function (n, m) {
        return 'Handled: ' + n + ' of ' + m;
      },
      email: 'E-mail',
      chat: 'Chat',
      from: 'From',
      at: 'At',
      priority: 'Priority',
      priorities: { alta: 'High: today, first of all', media: 'Medium: during the day', bassa: 'Low: it can wait' },
      delegate: 'Delegate to',
      nobody: 'Nobody: I will handle it',
      reply: 'Reply',
      replyHint: function (n) {
        return n + ' of ' + REPLY_MAX + ' characters';
      },
      previous: 'Previous message',
      next: 'Next message',
      submit: 'Submit',
      handledMark: 'handled',
      open: 'to handle',
      confirmTitle: 'Submit your handled inbox?',
      confirmText: 'Once submitted, your choices cannot be changed.',
      confirmMissing: 'These messages have no priority yet:',
      confirm: 'Yes, submit',
      back: 'Back to the messages',
      done: 'Inbox submitted. Thank you!',
      timeUp: 'Time is up: what you did has been submitted.',
      finished: 'You have completed this activity.',
      exit: 'Exit',
      empty: 'No messages in this activity.',
      error: 'The activity could not start',
    },
    es: {
      title: 'Bandeja de entrada',
      intro:
        'Empieza el día: estos son los mensajes recibidos. Para cada uno elige la prioridad, decide si delegarlo y escribe una respuesta breve.',
      briefing: 'El mensaje que abre el día',
      inbox: 'Mensajes',
      position: function (n, m) {
        return 'Mensaje ' + n + ' de ' + m;
      },
      handled: function (n, m) {
        return 'Gestionados: ' + n + ' de ' + m;
      },
      email: 'Correo',
      chat: 'Chat',
      from: 'De',
      at: 'Hora',
      priority: 'Prioridad',
      priorities: { alta: 'Alta: hoy, antes que nada', media: 'Media: durante el día', bassa: 'Baja: puede esperar' },
      delegate: 'Delegar a',
      nobody: 'Nadie: me encargo yo',
      reply: 'Respuesta',
      replyHint: function (n) {
        return n + ' de ' + REPLY_MAX + ' caracteres';
      },
      previous: 'Mensaje anterior',
      next: 'Mensaje siguiente',
      submit: 'Entregar',
      handledMark: 'gestionado',
      open: 'por gestionar',
      confirmTitle: '¿Entregar la bandeja gestionada?',
      confirmText: 'Después de entregarla ya no podrás cambiar tus decisiones.',
      confirmMissing: 'Estos mensajes aún no tienen prioridad:',
      confirm: 'Sí, entregar',
      back: 'Volver a los mensajes',
      done: 'Bandeja entregada. ¡Gracias!',
      timeUp: 'Se acabó el tiempo: lo que hiciste se ha entregado.',
      finished: 'Has completado esta actividad.',
      exit: 'Salir',
      empty: 'No hay mensajes en esta actividad.',
      error: 'No se pudo iniciar la actividad',
    },
  };

  var kit = window.ProvaKit;
  var el = kit.el;
  var app = document.getElementById('app');
  var t = TEXTS.it;
  var lang = 'IT_it';
  var items = [];
  var people = [];
  var preview = null;
  var state = { items: {}, current: null };
  var finished = false;
  var clock;
  var top;

  function save() {
    return ProvaActivity.setData(state);
  }

  function answerOf(id) {
    state.items[id] = state.items[id] || { priority: '', delegate: '', reply: '' };
    return state.items[id];
  }

  function isHandled(id) {
    return Boolean(state.items[id] && state.items[id].priority);
  }

  function handledCount() {
    return items.filter(function (item) {
      return isHandled(item.id);
    }).length;
  }

  function indexOf(id) {
    for (var i = 0; i < items.length; i++) if (items[i].id === id) return i;
    return 0;
  }

  function updateBar() {
    top.setText(t.position(indexOf(state.current) + 1, items.length) + ' · ' + t.handled(handledCount(), items.length));
  }

  /** Campaign text may hold simple HTML: shown as plain paragraphs, never as markup. */
  function plainText(html) {
    var doc = new DOMParser().parseFromString('<body>' + String(html || '') + '</body>', 'text/html');
    var blocks = doc.body.querySelectorAll('p, li, div');
    var parts = blocks.length
      ? Array.prototype.map.call(blocks, function (b) {
          return b.textContent.trim();
        })
      : [doc.body.textContent.trim()];
    return parts.filter(Boolean).join('\n\n');
  }

  /** The e-mail or chat that announced the exercise (the test's agenda preview), read before the inbox. */
  function briefing() {
    if (!preview) return null;
    var body =
      preview.type === 'chat' && Array.isArray(preview.messages)
        ? preview.messages
            .map(function (m) {
              return (m.from ? m.from + ': ' : '') + plainText(m.text);
            })
            .join('\n')
        : plainText(preview.content);
    return el('section', { class: 'pk-card inbox__briefing', 'aria-labelledby': 'briefing-title' }, [
      el('p', { class: 'pk-field__hint', text: t.briefing }),
      el('h2', { id: 'briefing-title', text: preview.subject || preview.sender || t.briefing }),
      el('p', {
        class: 'pk-field__hint',
        text: [preview.sender ? t.from + ': ' + preview.sender : '', preview.time ? t.at + ' ' + preview.time : '']
          .filter(Boolean)
          .join(' · '),
      }),
      el('p', { class: 'inbox__body', text: body }),
    ]);
  }

  function messageList() {
    return el('nav', { 'aria-label': t.inbox }, [
      el('h2', { text: t.inbox }),
      el(
        'ul',
        { class: 'pk-list' },
        items.map(function (item) {
          var current = item.id === state.current;
          return el('li', {}, [
            el(
              'button',
              {
                type: 'button',
                class: 'pk-button pk-button--secondary inbox__item',
                'aria-current': current ? 'true' : null,
                onClick: function () {
                  show(item.id, true);
                },
              },
              [
                el('span', { class: 'inbox__item-text' }, [
                  el('strong', { text: item.subject }),
                  el('span', { text: (item.type === 'chat' ? t.chat : t.email) + ' · ' + item.from + ' · ' + item.time }),
                ]),
                el('span', {
                  class: 'pk-badge' + (isHandled(item.id) ? ' pk-badge--done' : ''),
                  text: isHandled(item.id) ? t.handledMark : t.open,
                }),
              ],
            ),
          ]);
        }),
      ),
    ]);
  }

  function reader(item) {
    var answer = answerOf(item.id);
    var priority = kit.choice({
      name: 'priority-' + item.id,
      text: t.priority,
      value: answer.priority || undefined,
      options: PRIORITIES.map(function (p) {
        return { value: p, label: t.priorities[p] };
      }),
      onChange: function (value) {
        answer.priority = value;
        save().catch(showError);
        refreshList();
      },
    });
    var delegateId = 'delegate-' + item.id;
    var select = el(
      'select',
      { id: delegateId },
      [el('option', { value: '', text: t.nobody })].concat(
        people.map(function (p) {
          return el('option', { value: p.id, text: p.name + (p.role ? ' (' + p.role + ')' : '') });
        }),
      ),
    );
    select.value = answer.delegate || '';
    select.addEventListener('change', function () {
      answer.delegate = select.value;
      save().catch(showError);
    });
    var replyId = 'reply-' + item.id;
    var counter = el('span', { class: 'pk-field__hint', id: replyId + '-hint', text: t.replyHint((answer.reply || '').length) });
    var reply = el('textarea', { id: replyId, rows: '4', maxlength: String(REPLY_MAX), 'aria-describedby': replyId + '-hint' });
    reply.value = answer.reply || '';
    // Every key goes to the platform at once (it keeps it and coalesces the sends): a reload loses nothing.
    reply.addEventListener('input', function () {
      answer.reply = reply.value;
      counter.textContent = t.replyHint(reply.value.length);
      save().catch(showError);
    });
    var index = indexOf(item.id);
    return el('article', { class: 'pk-card inbox__reader', 'aria-labelledby': 'subject-' + item.id }, [
      el('p', {
        class: 'pk-field__hint',
        text: (item.type === 'chat' ? t.chat : t.email) + ' · ' + t.from + ': ' + item.from + ' · ' + t.at + ' ' + item.time,
      }),
      el('h2', { id: 'subject-' + item.id, tabindex: '-1', text: item.subject }),
      el('p', { class: 'inbox__body', text: item.body }),
      priority,
      el('div', { class: 'pk-field' }, [el('label', { for: delegateId, text: t.delegate }), select]),
      el('div', { class: 'pk-field' }, [el('label', { for: replyId, text: t.reply }), reply, counter]),
      el('div', { class: 'pk-actions' }, [
        kit.button(
          t.previous,
          function () {
            show(items[index - 1].id, true);
          },
          'secondary',
          { disabled: index === 0 },
        ),
        kit.button(
          t.next,
          function () {
            show(items[index + 1].id, true);
          },
          'secondary',
          { disabled: index === items.length - 1 },
        ),
      ]),
    ]);
  }

  var listSlot;
  var readerSlot;

  function refreshList() {
    listSlot.replaceChildren(messageList());
    updateBar();
  }

  /** Opens a message; `focus` moves the focus to its subject (not on the first render). */
  function show(id, focus) {
    if (state.current !== id) {
      state.current = id;
      if (!finished) save().catch(showError);
    }
    readerSlot.replaceChildren(reader(items[indexOf(id)]));
    refreshList();
    if (focus) document.getElementById('subject-' + id).focus();
  }

  function submit() {
    var missing = items
      .filter(function (item) {
        return !isHandled(item.id);
      })
      .map(function (item) {
        return item.subject;
      });
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
    top = kit.bar(t.title);
    listSlot = el('div', { class: 'inbox__list' });
    readerSlot = el('div', { class: 'inbox__main' });
    app.replaceChildren(
      top.node,
      el('main', { class: 'pk-page inbox' }, [
        el('h1', { class: 'pk-visually-hidden', text: t.title }),
        el('p', { class: 'pk-lead inbox__intro', text: t.intro }),
        briefing(),
        listSlot,
        readerSlot,
        el('div', { class: 'pk-actions inbox__submit' }, [kit.button(t.submit, submit)]),
      ]),
    );
    show(
      state.current && indexOf(state.current) >= 0 && items[indexOf(state.current)].id === state.current ? state.current : items[0].id,
      false,
    );
    if (timing)
      clock = kit.countdown(top.timer, timing.remainingSeconds, function () {
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
      lang = session.lang;
      t = kit.texts(TEXTS, lang);
      var options = session.testData && typeof session.testData === 'object' ? session.testData : {};
      items = (Array.isArray(options.items) ? options.items : []).map(function (item) {
        return {
          id: String(item.id),
          type: item.type === 'chat' ? 'chat' : 'email',
          from: kit.localized(item.from, lang),
          time: kit.localized(item.time, lang),
          subject: kit.localized(item.subject, lang),
          body: kit.localized(item.body, lang),
        };
      });
      people = (Array.isArray(options.people) ? options.people : []).map(function (p) {
        return { id: String(p.id), name: kit.localized(p.name, lang), role: kit.localized(p.role, lang) };
      });
      preview = options.preview && typeof options.preview === 'object' ? options.preview : null;
      var saved = session.data && typeof session.data === 'object' ? session.data : {};
      state = { items: saved.items && typeof saved.items === 'object' ? saved.items : {}, current: saved.current || null };
      if (session.status === 'complete') return renderDone(t.finished);
      if (!items.length) return showError(new Error(t.empty));
      if (session.timing && session.timing.remainingSeconds === 0) return finish(t.timeUp);
      render(session.timing);
    })
    .catch(showError);
})();
