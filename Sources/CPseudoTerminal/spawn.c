// CPseudoTerminal: placeholder until the pseudo-terminal harness lands.
#include "CPseudoTerminal.h"
int cpt_placeholder(void) { return 0; }
