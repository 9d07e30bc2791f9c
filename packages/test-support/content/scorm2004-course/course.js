/* The course: five pages, two questions. Every page change writes where the learner is
   (cmi.location), the answers (cmi.suspend_data) and commits; the questions are recorded as
   interactions when the learner moves on; the last page scores, completes and, when the learner
   clicks "Finish course", terminates. Closing the page at any point leaves what was committed. */
(function () {
  var QUESTIONS = {
    q_alarm: {
      type: 'choice',
      text: 'The fire alarm sounds. What do you do first?',
      options: [
        ['a', 'Save my work and finish what I was doing'],
        ['b', 'Leave by the nearest marked exit'],
        ['c', 'Go and look for the fire'],
      ],
      correct: 'b',
    },
    q_lift: {
      type: 'true-false',
      text: 'You may use the lift to leave the building during a fire.',
      options: [
        ['true', 'True'],
        ['false', 'False'],
      ],
      correct: 'false',
    },
  };
  var PAGES = [
    {
      title: 'Fire safety at work',
      body: ['This course takes about three minutes.', 'Use the buttons at the bottom of each page to move on.'],
    },
    {
      title: 'Before an emergency',
      body: [
        'Know where the two nearest exits from your desk are.',
        'Never block a fire door, and never use the lift when the alarm sounds.',
      ],
    },
    { title: 'Question 1', question: 'q_alarm' },
    { title: 'Question 2', question: 'q_lift' },
    { title: 'Your result', summary: true },
  ];
  var ORDER = ['q_alarm', 'q_lift'];
  var state = { page: 0, answers: {} };
  var main = document.getElementById('course');

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === 'text') node.textContent = attrs[key];
      else if (key === 'onclick') node.addEventListener('click', attrs[key]);
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) {
      node.appendChild(child);
    });
    return node;
  }

  function correctCount() {
    return ORDER.filter(function (id) {
      return state.answers[id] === QUESTIONS[id].correct;
    }).length;
  }

  function recordInteraction(id) {
    var n = ORDER.indexOf(id);
    var q = QUESTIONS[id];
    var answer = state.answers[id];
    if (!answer) return;
    ScormWrapper.set('cmi.interactions.' + n + '.id', id);
    ScormWrapper.set('cmi.interactions.' + n + '.type', q.type);
    ScormWrapper.set('cmi.interactions.' + n + '.description', q.text);
    ScormWrapper.set('cmi.interactions.' + n + '.learner_response', answer);
    ScormWrapper.set('cmi.interactions.' + n + '.result', answer === q.correct ? 'correct' : 'incorrect');
  }

  function score() {
    var raw = correctCount();
    ScormWrapper.set('cmi.score.min', 0);
    ScormWrapper.set('cmi.score.max', ORDER.length);
    ScormWrapper.set('cmi.score.raw', raw);
    ScormWrapper.set('cmi.score.scaled', raw / ORDER.length);
    ScormWrapper.set('cmi.success_status', raw / ORDER.length >= 0.5 ? 'passed' : 'failed');
    ScormWrapper.set('cmi.completion_status', 'completed');
  }

  function save() {
    ScormWrapper.set('cmi.location', String(state.page));
    ScormWrapper.set('cmi.suspend_data', JSON.stringify({ answers: state.answers }));
    ScormWrapper.set('cmi.progress_measure', (state.page / (PAGES.length - 1)).toFixed(2));
    ScormWrapper.set('cmi.exit', 'suspend');
    ScormWrapper.commit();
  }

  function go(page) {
    var leaving = PAGES[state.page];
    if (leaving.question) recordInteraction(leaving.question);
    state.page = page;
    if (PAGES[page].summary) score();
    save();
    render(true);
  }

  function finish() {
    ScormWrapper.set('cmi.exit', 'normal');
    ScormWrapper.commit();
    ScormWrapper.terminate();
    main.replaceChildren(
      el('h1', { text: 'Fire safety at work', tabindex: '-1' }),
      el('p', { text: 'You have finished the course. You can close this window.' }),
    );
    main.querySelector('h1').focus();
  }

  function questionFieldset(id) {
    var q = QUESTIONS[id];
    var fieldset = el('fieldset', {}, [el('legend', { text: q.text })]);
    q.options.forEach(function (option) {
      var input = el('input', { type: 'radio', name: id, value: option[0], id: id + '-' + option[0] });
      input.checked = state.answers[id] === option[0];
      input.addEventListener('change', function () {
        state.answers[id] = option[0];
        ScormWrapper.set('cmi.suspend_data', JSON.stringify({ answers: state.answers }));
      });
      fieldset.appendChild(el('label', { for: input.id }, [input, document.createTextNode(' ' + option[1])]));
    });
    return fieldset;
  }

  function render(moveFocus) {
    var page = PAGES[state.page];
    var content = [
      el('p', { class: 'progress', text: 'Page ' + (state.page + 1) + ' of ' + PAGES.length }),
      el('h1', { text: page.title, tabindex: '-1' }),
    ];
    (page.body || []).forEach(function (text) {
      content.push(el('p', { text: text }));
    });
    if (page.question) content.push(questionFieldset(page.question));
    if (page.summary) {
      var raw = correctCount();
      content.push(
        el('p', { class: 'feedback', id: 'score', text: 'You answered ' + raw + ' of ' + ORDER.length + ' questions correctly.' }),
      );
      content.push(el('p', { text: raw / ORDER.length >= 0.5 ? 'You passed.' : 'You did not pass this time.' }));
    }
    var buttons = [];
    if (state.page > 0)
      buttons.push(
        el('button', {
          type: 'button',
          class: 'secondary',
          text: 'Previous',
          onclick: function () {
            go(state.page - 1);
          },
        }),
      );
    if (state.page < PAGES.length - 1)
      buttons.push(
        el('button', {
          type: 'button',
          text: 'Next',
          onclick: function () {
            go(state.page + 1);
          },
        }),
      );
    else buttons.push(el('button', { type: 'button', text: 'Finish course', onclick: finish }));
    content.push(el('nav', { 'aria-label': 'Course pages' }, buttons));
    main.replaceChildren.apply(main, content);
    document.title = page.title + ' – Fire safety at work';
    if (moveFocus) main.querySelector('h1').focus();
  }

  if (!ScormWrapper.found() || !ScormWrapper.initialize()) {
    main.replaceChildren(
      el('p', { class: 'error', role: 'alert', text: 'No LMS was found: this course must be opened from its platform.' }),
    );
    return;
  }
  if (ScormWrapper.get('cmi.entry') === 'resume') {
    try {
      state.answers = JSON.parse(ScormWrapper.get('cmi.suspend_data') || '{}').answers || {};
    } catch {
      state.answers = {};
    }
    var page = parseInt(ScormWrapper.get('cmi.location'), 10);
    state.page = page >= 0 && page < PAGES.length ? page : 0;
  }
  if (ScormWrapper.get('cmi.completion_status') === 'unknown' || ScormWrapper.get('cmi.completion_status') === 'not attempted')
    ScormWrapper.set('cmi.completion_status', 'incomplete');
  render(false);
})();
