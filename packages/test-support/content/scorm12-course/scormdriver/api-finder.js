/* SCORM 1.2 API finder, the way authoring tools' wrappers find the LMS (ADL's algorithm): look for
   window.API in this window's parents, then in the opener's. */
var scormApi = null;

function findAPI(win) {
  var tries = 0;
  while (win.API == null && win.parent != null && win.parent != win) {
    tries++;
    if (tries > 7) return null;
    win = win.parent;
  }
  return win.API || null;
}

function getAPI() {
  if (scormApi) return scormApi;
  var api = findAPI(window);
  if (api == null && window.opener != null && typeof window.opener != 'undefined') api = findAPI(window.opener);
  scormApi = api;
  return api;
}

function lmsCall(name, a, b) {
  var api = getAPI();
  if (!api) return '';
  var result = b === undefined ? api[name](a) : api[name](a, b);
  return String(result);
}
