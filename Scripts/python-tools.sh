# Sourced by the check scripts: installs the pinned PyPI checkers of requirements-ci.txt
# (a no-op when they are there) and puts their commands on PATH, wherever pip put them.
python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore \
    -r "$(dirname "${BASH_SOURCE[0]}")/requirements-ci.txt"
PATH="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))'):$(python3 -m site --user-base)/bin:$PATH"
