#!/bin/sh
# /usr/bin/radtrack: the packaged app's command line and GUI under one name.
exec /opt/radtrack/radtrack "$@"
