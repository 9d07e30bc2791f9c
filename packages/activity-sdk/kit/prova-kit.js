// The activity kit: Prova's components for activities, as a plain script that defines window.ProvaKit.
// Link prova-kit.css beside it, after the SDK: handIn and finishedPage use ProvaActivity.
(function () {
  'use strict';

  var KIT_TEXTS = {
    it: {
      question: function (n, m) {
        return 'Domanda ' + n + ' di ' + m;
      },
      timeLeft: 'Tempo rimasto',
      minutesLeft: function (n) {
        return n === 1 ? 'Resta 1 minuto.' : 'Restano ' + n + ' minuti.';
      },
      timeUp: 'Tempo scaduto.',
      lastMinutes: function (n) {
        return n === 1 ? 'Ultimo minuto' : 'Ultimi ' + n + ' minuti';
      },
      offline: 'Sei offline: le risposte non arrivano al server finché la connessione non torna. Il tempo continua a scorrere.',
      online: 'Connessione tornata: le risposte vengono inviate.',
      cancel: 'Torna indietro',
    },
    en: {
      question: function (n, m) {
        return 'Question ' + n + ' of ' + m;
      },
      timeLeft: 'Time left',
      minutesLeft: function (n) {
        return n === 1 ? '1 minute left.' : n + ' minutes left.';
      },
      timeUp: 'Time is up.',
      lastMinutes: function (n) {
        return n === 1 ? 'Last minute' : 'Last ' + n + ' minutes';
      },
      offline: 'You are offline: answers do not reach the server until the connection is back. The time keeps running.',
      online: 'Back online: answers are being sent.',
      cancel: 'Go back',
    },
    es: {
      question: function (n, m) {
        return 'Pregunta ' + n + ' de ' + m;
      },
      timeLeft: 'Tiempo restante',
      minutesLeft: function (n) {
        return n === 1 ? 'Queda 1 minuto.' : 'Quedan ' + n + ' minutos.';
      },
      timeUp: 'Se acabó el tiempo.',
      lastMinutes: function (n) {
        return n === 1 ? 'Último minuto' : 'Últimos ' + n + ' minutos';
      },
      offline: 'Estás sin conexión: las respuestas no llegan al servidor hasta que vuelva la conexión. El tiempo sigue corriendo.',
      online: 'Conexión recuperada: se están enviando las respuestas.',
      cancel: 'Volver',
    },
  };

  /** 'it', 'en' or 'es' for a session language code ('IT_it', ...); Italian by default. */
  function shortLang(code) {
    var short = String(code || '')
      .slice(0, 2)
      .toLowerCase();
    return KIT_TEXTS[short] ? short : 'it';
  }

  var kitTexts = KIT_TEXTS.it;

  /**
   * The activity's texts in the session's language (Italian when it has none for it); the page's
   * language and title follow, and so do the kit's own words.
   */
  function texts(all, code) {
    var lang = shortLang(code);
    if (!all[lang]) lang = 'it';
    kitTexts = KIT_TEXTS[lang];
    document.documentElement.lang = lang;
    if (all[lang].title) document.title = all[lang].title;
    return all[lang];
  }

  /** A localized value from the bundle: a string, or { IT_it, EN_en, ES_es } (Italian, then the first, as fallback). */
  function localized(value, code) {
    if (value == null) return '';
    if (typeof value !== 'object') return String(value);
    var chosen = value[code] != null ? value[code] : value.IT_it != null ? value.IT_it : value[Object.keys(value)[0]];
    return chosen == null ? '' : String(chosen);
  }

  /** An element: attributes ('text' sets the text, 'class', aria-*, ...; on<event> functions listen) and children. */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      var value = attrs[key];
      if (value === undefined || value === null || value === false) return;
      if (key === 'text') node.textContent = value;
      else if (key.slice(0, 2) === 'on' && typeof value === 'function') node.addEventListener(key.slice(2).toLowerCase(), value);
      else if (key === 'checked' || key === 'disabled' || key === 'value') node[key] = value;
      else node.setAttribute(key, value === true ? '' : value);
    });
    (children || []).forEach(function (child) {
      if (child != null) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  function button(label, onClick, variant, attrs) {
    var a = {
      type: 'button',
      class: 'pk-button' + (variant === 'secondary' ? ' pk-button--secondary' : ''),
      text: label,
      onClick: onClick,
    };
    Object.keys(attrs || {}).forEach(function (k) {
      a[k] = attrs[k];
    });
    return el('button', a);
  }

  /** A notice: kind 'info' (a status), 'success', 'warning', or 'error' (an alert). */
  function notice(text, kind) {
    var k = kind || 'info';
    return el('p', { class: 'pk-notice' + (k === 'info' ? '' : ' pk-notice--' + k), role: k === 'error' ? 'alert' : 'status', text: text });
  }

  /**
   * A page with the activity's title and one message: spec { title, message, kind (as notice), exit
   * (a label), onExit }. Finished, failed or nothing to do: every activity ends on one of these.
   */
  function messagePage(spec) {
    return el('main', { class: 'pk-page' }, [
      spec.title ? el('h1', { text: spec.title }) : null,
      notice(spec.message, spec.kind),
      spec.exit ? el('div', { class: 'pk-actions' }, [button(spec.exit, spec.onExit, 'secondary')]) : null,
    ]);
  }

  /**
   * Hands the test in: saves `data` last, then marks the test complete. Resolves either way: at the end
   * of the time, or when the platform already holds the test as finished, this is never an error.
   */
  function handIn(data) {
    return ProvaActivity.setData(data)
      .then(function () {
        return ProvaActivity.setStatus('complete');
      })
      .catch(function () {});
  }

  /** The page an activity ends on: its title, a success message and the button that leaves it. */
  function finishedPage(title, message, exitLabel, onError) {
    return messagePage({
      title: title,
      message: message,
      kind: 'success',
      exit: exitLabel,
      onExit: function () {
        ProvaActivity.exit().catch(onError);
      },
    });
  }

  /** 'Could not do it: <why>' for a rejected call (every call rejects with an Error). */
  function errorText(prefix, error) {
    return prefix + ': ' + (error && error.message ? error.message : String(error));
  }

  /**
   * A question as a fieldset of radio cards. options: [{ value, label }]; the name is the question id.
   * `number` and `total` print 'Domanda n di m' above the text (or `counter(n, m)`); `scale` lays long
   * options side by side where they fit, `compact` short ones (numbers) in one row; onChange(value)
   * runs on a choice.
   */
  function choice(spec) {
    var id = 'pk-q-' + spec.name;
    var legend = el('legend', {}, [
      spec.number
        ? el('span', {
            class: 'pk-question__number',
            text: spec.counter ? spec.counter(spec.number, spec.total) : kitTexts.question(spec.number, spec.total),
          })
        : null,
      el('span', { text: spec.text }),
    ]);
    var options = spec.options.map(function (option) {
      var inputId = id + '-' + option.value;
      return el('label', { class: 'pk-option', for: inputId }, [
        el('input', {
          type: 'radio',
          id: inputId,
          name: spec.name,
          value: String(option.value),
          checked: spec.value !== undefined && String(spec.value) === String(option.value),
          disabled: Boolean(spec.disabled),
          onChange: function () {
            if (spec.onChange) spec.onChange(option.value);
          },
        }),
        el('span', { text: option.label }),
      ]);
    });
    return el('fieldset', { class: 'pk-question', id: id, 'data-question': spec.name }, [
      legend,
      el('div', { class: 'pk-options' + (spec.compact ? ' pk-options--compact' : spec.scale ? ' pk-options--scale' : '') }, options),
    ]);
  }

  /**
   * The sticky bar: the activity's title, where the person is ('Domanda n di m', set with
   * setPosition) and, for a timed test, the time left. Nothing in it is a live region: the timer is
   * announced at thresholds only (see countdown).
   */
  function bar(title) {
    var progress = el('span', { class: 'pk-bar__progress' });
    var timer = el('span', { class: 'pk-timer', hidden: true });
    var node = el('header', { class: 'pk-bar' }, [
      el('p', { class: 'pk-bar__title', text: title }),
      el('div', { class: 'pk-bar__info' }, [progress, timer]),
    ]);
    return {
      node: node,
      timer: timer,
      setPosition: function (n, m, counter) {
        progress.textContent = (counter || kitTexts.question)(n, m);
      },
      setText: function (text) {
        progress.textContent = text;
      },
    };
  }

  var announcer;
  /** Says something to screen readers once, politely. */
  function announce(text) {
    if (!announcer) {
      announcer = el('p', { class: 'pk-visually-hidden', role: 'status', 'aria-live': 'polite' });
      document.body.appendChild(announcer);
    }
    announcer.textContent = '';
    setTimeout(function () {
      announcer.textContent = text;
    }, 50);
  }

  function clock(seconds) {
    var s = Math.max(0, Math.ceil(seconds));
    var h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60);
    var rest = String(s % 60).padStart(2, '0');
    return h > 0 ? h + ':' + String(m).padStart(2, '0') + ':' + rest : m + ':' + rest;
  }

  /** Ids given to timers that had none, one each. */
  var timerCount = 0;

  /**
   * Counts down the time left of a timed test, from the server's remainingSeconds (the device's
   * clock may be wrong, so only elapsed time is measured here). Shows it in `target` every second,
   * announces 5 and 1 minutes left and the end, and calls onEnd once at zero. The last 5 minutes are
   * also said on screen beside the clock, and so is a lost connection: answers given then wait on the
   * device while the time runs.
   */
  function countdown(target, remainingSeconds, onEnd) {
    var endsAt = Date.now() + remainingSeconds * 1000;
    var announced = {};
    var ended = false;
    target.hidden = false;
    // A timer, silent as timers are: the thresholds are announced instead. Named by what it shows ('Tempo rimasto:
    // 4:59', the element itself as its label), not by a label of its own that would hide the time it shows (WCAG
    // 2.5.3, label in name): a timer takes no name from its content otherwise.
    target.setAttribute('role', 'timer');
    if (!target.id) target.id = 'pk-timer-' + ++timerCount;
    target.setAttribute('aria-labelledby', target.id);
    target.removeAttribute('aria-label');
    // Beside the clock, once however many times a countdown starts on it.
    var warning = target.nextElementSibling;
    if (!warning || !warning.classList.contains('pk-timer__warning')) {
      warning = el('span', { class: 'pk-timer__warning', hidden: true });
      target.insertAdjacentElement('afterend', warning);
      warning.insertAdjacentElement('afterend', el('p', { class: 'pk-timer__offline', hidden: true }));
    }
    var offline = warning.nextElementSibling;
    offline.textContent = kitTexts.offline;
    function connection() {
      var lost = navigator.onLine === false;
      if (offline.hidden === !lost) return;
      offline.hidden = !lost;
      announce(lost ? kitTexts.offline : kitTexts.online);
    }
    window.addEventListener('offline', connection);
    window.addEventListener('online', connection);
    function tick() {
      var left = Math.max(0, Math.round((endsAt - Date.now()) / 1000));
      target.textContent = kitTexts.timeLeft + ': ' + clock(left);
      target.classList.toggle('pk-timer--low', left > 0 && left <= 300);
      warning.hidden = left === 0 || left > 300;
      if (!warning.hidden) warning.textContent = kitTexts.lastMinutes(left <= 60 ? 1 : 5);
      [5, 1].forEach(function (minutes) {
        if (left <= minutes * 60 && left > (minutes - 1) * 60 && !announced[minutes] && remainingSeconds > minutes * 60) {
          announced[minutes] = true;
          announce(kitTexts.minutesLeft(minutes));
        }
      });
      if (left === 0 && !ended) {
        ended = true;
        clearInterval(timer);
        window.removeEventListener('offline', connection);
        window.removeEventListener('online', connection);
        offline.hidden = true;
        announce(kitTexts.timeUp);
        onEnd();
      }
    }
    var timer = setInterval(tick, 1000);
    tick();
    connection();
    return {
      stop: function () {
        clearInterval(timer);
        window.removeEventListener('offline', connection);
        window.removeEventListener('online', connection);
        warning.hidden = true;
        offline.hidden = true;
      },
      secondsLeft: function () {
        return Math.max(0, Math.round((endsAt - Date.now()) / 1000));
      },
    };
  }

  /**
   * Asks in a modal dialog (focus stays inside, Escape cancels, focus returns to where it was).
   * spec: { title, message, items (a list to show, e.g. the unanswered questions), confirm, cancel }.
   * Resolves to true when confirmed.
   */
  function confirm(spec) {
    return new Promise(function (resolve) {
      var opener = document.activeElement;
      var titleId = 'pk-dialog-title';
      var dialog = el('dialog', { class: 'pk-dialog', 'aria-labelledby': titleId });
      function close(result) {
        dialog.close();
        dialog.remove();
        if (opener && opener.focus && document.contains(opener)) opener.focus();
        resolve(result);
      }
      var cancel = button(
        spec.cancel || kitTexts.cancel,
        function () {
          close(false);
        },
        'secondary',
      );
      var ok = button(spec.confirm, function () {
        close(true);
      });
      dialog.append(
        el('h2', { class: 'pk-dialog__title', id: titleId, text: spec.title }),
        spec.message ? el('p', { text: spec.message }) : '',
        spec.items && spec.items.length
          ? el(
              'ul',
              { class: 'pk-dialog__list' },
              spec.items.map(function (item) {
                return el('li', { text: item });
              }),
            )
          : '',
        el('div', { class: 'pk-actions' }, [cancel, ok]),
      );
      dialog.addEventListener('cancel', function (event) {
        event.preventDefault();
        close(false);
      });
      document.body.appendChild(dialog);
      dialog.showModal();
      cancel.focus();
    });
  }

  /** Runs `callback` when the platform says the test is over (completed elsewhere, or time up on the server). */
  function onFinished(callback) {
    window.addEventListener('prova:statuschange', function (event) {
      if (event.detail && event.detail.status === 'complete') callback(event.detail);
    });
  }

  /**
   * Keeps the bar's 'Domanda n di m' on the question being answered: the focused one, or the one in
   * view. Starts at `start` (where a reload should put the person back), scrolled into view.
   * `onPosition(index)` runs at once on every move; `onSettle(index)`, if given, once the person has
   * stayed on a question for a moment (to save where they are without a save per scroll step).
   */
  function trackPosition(questions, onPosition, start, onSettle) {
    var current = start > 0 && start < questions.length ? start : 0;
    var settle;
    if (current > 0) questions[current].scrollIntoView({ block: 'center' });
    function set(index) {
      if (index < 0 || index === current) return;
      current = index;
      onPosition(index);
      if (!onSettle) return;
      clearTimeout(settle);
      settle = setTimeout(function () {
        onSettle(current);
      }, 800);
    }
    questions.forEach(function (q, index) {
      q.addEventListener('focusin', function () {
        set(index);
      });
    });
    if ('IntersectionObserver' in window) {
      var observer = new IntersectionObserver(
        function (entries) {
          entries.forEach(function (entry) {
            if (entry.isIntersecting && !questions[current].contains(document.activeElement)) set(questions.indexOf(entry.target));
          });
        },
        // The activity's own document as the root: with the implicit root (the top page), a frame on
        // another origin than the host's would have its margins ignored.
        { root: document, rootMargin: '-30% 0px -60% 0px' },
      );
      questions.forEach(function (q) {
        observer.observe(q);
      });
    }
    onPosition(current);
  }

  /**
   * A page of questions in `container`: the sticky bar, the title for screen readers, the lead text,
   * what goes before the questions (a table, say), the questions, the answered count and the hand-in
   * button; the bar follows the question the person is on (trackPosition). Answers { bar, answered }:
   * the bar (for a countdown in bar.timer) and the answered-count paragraph to update.
   */
  function questionPage(container, spec) {
    var top = bar(spec.title);
    var answered = el('p', { id: 'answered', text: spec.answered });
    container.replaceChildren(
      top.node,
      el(
        'main',
        { class: 'pk-page' },
        [el('h1', { class: 'pk-visually-hidden', text: spec.title }), el('p', { class: 'pk-lead', text: spec.intro })]
          .concat(spec.before || [])
          .concat(spec.questions)
          .concat([answered, el('div', { class: 'pk-actions' }, [button(spec.action, spec.onAction)])]),
      ),
    );
    trackPosition(
      spec.questions,
      function (index) {
        top.setPosition(index + 1, spec.questions.length);
        spec.onPosition(index);
      },
      spec.position,
      spec.onSettle,
    );
    return { bar: top, answered: answered };
  }

  window.ProvaKit = {
    texts: texts,
    localized: localized,
    el: el,
    button: button,
    notice: notice,
    messagePage: messagePage,
    handIn: handIn,
    finishedPage: finishedPage,
    errorText: errorText,
    choice: choice,
    bar: bar,
    announce: announce,
    countdown: countdown,
    confirm: confirm,
    onFinished: onFinished,
    trackPosition: trackPosition,
    questionPage: questionPage,
  };
})();
