"""Error kinds. ``InputError`` is the user's problem (bad file, bad argument): show its
message, never a traceback. Anything else escaping is our bug."""


class InputError(Exception):
    """Bad input the user can act on; the message is one line naming what and why."""


class Cancelled(Exception):
    """A long run was cancelled by the user."""
