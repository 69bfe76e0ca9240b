// The web board: written in the web branch.
