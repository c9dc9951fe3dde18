import sys

from radtrack_gui.cli import main

sys.exit(main())
