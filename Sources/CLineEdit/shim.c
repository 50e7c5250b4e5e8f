// CLineEdit: libedit wrappers. Placeholder until the line editor lands.
#include "CLineEdit.h"
int cle_placeholder(void) { return 0; }
