/* The course: three pages (intro, one question, result). Where the learner is goes in
   cmi.core.lesson_location and the answer in cmi.suspend_data on every page; like many exported
   courses, it commits only on the result page and finishes only when the learner clicks Exit. */
var pages = ['intro', 'question', 'result'];
var state = { page: 0, answer: '' };

function set(name, value) {
  return lmsCall('LMSSetValue', name, value);
}

function remember() {
  set('cmi.core.lesson_location', String(state.page));
  set('cmi.suspend_data', 'answer=' + state.answer);
  set('cmi.core.exit', 'suspend');
}

function go(page) {
  state.page = page;
  remember();
  if (pages[page] === 'result') record();
  render();
}

function record() {
  var correct = state.answer === 'exit';
  var n = Number(lmsCall('LMSGetValue', 'cmi.interactions._count')) || 0;
  set('cmi.interactions.' + n + '.id', 'q_fire_alarm');
  set('cmi.interactions.' + n + '.type', 'choice');
  set('cmi.interactions.' + n + '.student_response', state.answer || 'none');
  set('cmi.interactions.' + n + '.result', correct ? 'correct' : 'wrong');
  set('cmi.core.score.min', '0');
  set('cmi.core.score.max', '100');
  set('cmi.core.score.raw', correct ? '100' : '0');
  set('cmi.core.lesson_status', correct ? 'passed' : 'failed');
  lmsCall('LMSCommit', '');
}

function finish() {
  set('cmi.core.exit', '');
  lmsCall('LMSCommit', '');
  lmsCall('LMSFinish', '');
  document.getElementById('course').innerHTML = '<h1>Office safety basics</h1><p>You can close this window.</p>';
}

function render() {
  var main = document.getElementById('course');
  var page = pages[state.page];
  if (page === 'intro') {
    main.innerHTML =
      '<h1 tabindex="-1">Office safety basics</h1><p>This short course reminds you what to do when the fire alarm sounds.</p>' +
      '<button type="button" id="next">Start</button>';
    document.getElementById('next').onclick = function () {
      go(1);
    };
  } else if (page === 'question') {
    main.innerHTML =
      '<h1 tabindex="-1">Question</h1><fieldset><legend>The fire alarm sounds. What do you do?</legend>' +
      '<label><input type="radio" name="q" value="finish"> Finish the e-mail I am writing</label><br>' +
      '<label><input type="radio" name="q" value="exit"> Leave by the nearest exit</label><br>' +
      '<label><input type="radio" name="q" value="lift"> Take the lift down</label></fieldset>' +
      '<button type="button" id="next">Check my answer</button>';
    var inputs = main.querySelectorAll('input');
    for (var i = 0; i < inputs.length; i++) {
      inputs[i].checked = inputs[i].value === state.answer;
      inputs[i].onchange = function () {
        state.answer = this.value;
        remember();
      };
    }
    document.getElementById('next').onclick = function () {
      go(2);
    };
  } else {
    main.innerHTML =
      '<h1 tabindex="-1">Result</h1><p id="result">' +
      (state.answer === 'exit' ? 'Correct: you passed.' : 'Not quite: leave by the nearest exit.') +
      '</p><button type="button" id="exit">Exit</button>';
    document.getElementById('exit').onclick = finish;
  }
  main.querySelector('h1').focus();
}

window.onload = function () {
  if (!getAPI()) {
    document.getElementById('course').innerHTML = '<p class="error">No LMS was found: this course must be opened from its platform.</p>';
    return;
  }
  lmsCall('LMSInitialize', '');
  if (lmsCall('LMSGetValue', 'cmi.core.entry') === 'resume') {
    var match = /answer=(\w*)/.exec(lmsCall('LMSGetValue', 'cmi.suspend_data'));
    state.answer = match ? match[1] : '';
    state.page = Math.min(Number(lmsCall('LMSGetValue', 'cmi.core.lesson_location')) || 0, pages.length - 1);
  }
  if (lmsCall('LMSGetValue', 'cmi.core.lesson_status') === 'not attempted') set('cmi.core.lesson_status', 'incomplete');
  render();
};
