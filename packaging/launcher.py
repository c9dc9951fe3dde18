"""Entry point of the frozen app: `RadTrack [PATH]` opens the GUI; `RadTrack cli ...` runs
the command line (`RadTrack cli process FOLDER --json OUT.json`)."""

import sys

if len(sys.argv) > 1 and sys.argv[1] == "cli":
    from radtrack_gui.cli import main as cli_main

    sys.exit(cli_main(sys.argv[2:]))

from radtrack_gui.gui.app import main

sys.exit(main())
