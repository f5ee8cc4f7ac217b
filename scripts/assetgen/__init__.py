"""Shared code of the asset generators (scripts/gen-pieces, gen-icons, gen-sounds).

Python 3.11+ standard library only.
"""
