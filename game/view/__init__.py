"""What the player sees and hears: the board and its animations, the side panel, buttons,
colours and fonts, the paper backdrop, fitted text, the texts in both languages, and sound."""
