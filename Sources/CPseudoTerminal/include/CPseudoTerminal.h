// CPseudoTerminal: spawn a process on a new pseudo-terminal for interactive tests.
#ifndef CPSEUDOTERMINAL_H
#define CPSEUDOTERMINAL_H
int cpt_placeholder(void);
#endif
