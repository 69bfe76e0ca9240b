// UI strings: written in the web branch.
