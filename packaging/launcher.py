"""Entry point of the packaged app: the `radtrack` command, exactly as from Python
(`radtrack gui [FOLDER]` opens the desktop app, `radtrack process ...` the pipeline)."""

import os
import sys

# No D-Bus session (a kiosk, a remote X display, a service account): stop libdbus from
# spawning dbus-launch to make one; Qt then simply does without the desktop portal.
os.environ.setdefault("DBUS_SESSION_BUS_ADDRESS", "disabled:")
# The full build's transformer models load from local folders only: never ask a hub.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")

from radtrack_gui.cli import main

sys.exit(main())
