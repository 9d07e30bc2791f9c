/* SCORM 2004 wrapper, the way authoring tools' wrappers find the LMS (ADL's algorithm): look for
   window.API_1484_11 in this window's parents, then in the opener's and its parents. */
var ScormWrapper = (function () {
  var api = null;

  function scan(win) {
    var tries = 0;
    while (win.API_1484_11 == null && win.parent != null && win.parent != win) {
      tries++;
      if (tries > 500) return null;
      win = win.parent;
    }
    return win.API_1484_11 || null;
  }

  function find() {
    if (api) return api;
    var found = scan(window);
    if (found == null && window.opener != null && typeof window.opener != 'undefined') found = scan(window.opener);
    api = found;
    return api;
  }

  return {
    found: function () {
      return find() != null;
    },
    initialize: function () {
      return find() ? String(api.Initialize('')) === 'true' : false;
    },
    get: function (name) {
      return find() ? String(api.GetValue(name)) : '';
    },
    set: function (name, value) {
      return find() ? String(api.SetValue(name, String(value))) === 'true' : false;
    },
    commit: function () {
      return find() ? String(api.Commit('')) === 'true' : false;
    },
    terminate: function () {
      return find() ? String(api.Terminate('')) === 'true' : false;
    },
  };
})();
