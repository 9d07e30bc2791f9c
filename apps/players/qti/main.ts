// The qti player: written in issue 49.
