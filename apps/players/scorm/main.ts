// The scorm player: written in issue 49.
