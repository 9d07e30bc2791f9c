// What the sample activities share, as a plain script that defines window.ActivityKit. Each
// index.html loads it after the SDK and before its own app.js.
(function () {
  'use strict';

  /** An element with attributes ('text' sets its text) and children. */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { node.appendChild(c); });
    return node;
  }

  /**
   * The texts for the session's language (IT_it -> it; Italian when the activity has none for it),
   * made the page's language and title.
   */
  function textsFor(texts, code) {
    var short = String(code || '').slice(0, 2).toLowerCase();
    var lang = texts[short] ? short : 'it';
    document.documentElement.lang = lang;
    document.title = texts[lang].title;
    return texts[lang];
  }

  /** A radio button inside its label (the whole row is clickable); its id is name-value. */
  function radio(name, value, label, options) {
    var id = name + '-' + value;
    var input = el('input', { type: 'radio', name: name, value: String(value), id: id });
    input.checked = Boolean(options.checked);
    input.disabled = Boolean(options.disabled);
    if (options.onChange) input.addEventListener('change', options.onChange);
    return el('label', { class: 'option', for: id }, [input, el('span', { text: label })]);
  }

  /** A message block: a status, or an alert when isError. */
  function notice(text, isError) {
    return el('p', { class: isError ? 'notice error' : 'notice', role: isError ? 'alert' : 'status', text: text });
  }

  /** 'Error: <what went wrong>' for a failed call (every call rejects with an Error). */
  function errorText(prefix, error) {
    return prefix + ': ' + (error && error.message ? error.message : String(error));
  }

  /** The button that leaves the activity (ProvaActivity.exit). */
  function exitButton(label, onError) {
    var button = el('button', { type: 'button', class: 'secondary', text: label });
    button.addEventListener('click', function () { ProvaActivity.exit().catch(onError); });
    return button;
  }

  window.ActivityKit = { el: el, textsFor: textsFor, radio: radio, notice: notice, errorText: errorText, exitButton: exitButton };
})();
