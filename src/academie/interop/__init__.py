"""Our games in the research tools: PettingZoo environments (:mod:`academie.interop.pettingzoo`), Gymnasium
single-seat environments (:mod:`academie.interop.gymnasium`), OpenSpiel Python games
(:mod:`academie.interop.openspiel`) and OpenSpiel's information-set MCTS as a bot of ours
(:mod:`academie.interop.ismcts`). They are clients of the engine (the optional extra ``academie[rl]``); the engine
never imports them. What a seat observes and the actions it may take are defined once, in
:mod:`academie.interop.encoding`, from the seat's view alone.
"""
