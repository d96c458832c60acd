"""From the window to the game: where things are on the screen, mouse and touch as one
kind of pointer, and which node a pointer means."""
