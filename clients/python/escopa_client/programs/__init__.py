"""Programs on the client: the terminal game `escopa play` runs (`terminal`, drawn by `screen`).

They need `rich`, the `terminal` extra (`pip install 'escopa-client[terminal]'`); the rest of
the client does not.
"""
