"""The app's dialogs: export, compare with gold, settings, train on corrections."""
