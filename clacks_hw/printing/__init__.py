"""Print-and-play: every card of an edition drawn at real size (faces.py, in mm with draw.py's
shapes), laid out on pages with cut marks (sheets.py) and written as a PDF (pdf.py)."""
