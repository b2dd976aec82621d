"""Campus Gamekit: rules engines and probability tools for Alfredopoly and Alma Mater.

The engine is pure Python with numpy and pandas; it never imports Jupyter.

>>> import gamekit
>>> gamekit.__version__
'0.1.0'
"""

__version__ = "0.1.0"
