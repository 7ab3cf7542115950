"""The app page's parts, a module for each thing a player sees: the board, the game log, the side
panel, each dialog, the computer's seats, and where games are kept.  `main.App` holds the game on
screen, opens and saves it, and hands each part the drawing and the events that are its own."""
