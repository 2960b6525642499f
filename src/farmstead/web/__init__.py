"""The web app: ``farmstead serve`` (FastAPI, SQLAlchemy event log, live updates, browser UI).

``farmstead.web.app.create_app`` builds the application. This package module imports nothing, so
that bot worker processes (``farmstead.web.bots``) start without loading the web stack.
"""
