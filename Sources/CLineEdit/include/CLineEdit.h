// CLineEdit: a thin C shim over libedit for Swift (libedit's API is variadic). No logic lives here.
#ifndef CLINEEDIT_H
#define CLINEEDIT_H
int cle_placeholder(void);
#endif
