/* libyaml's API, from the system's header (libyaml-dev). No library is linked: the code is the
 * copy of libyaml that Yams compiles into every program that uses it (see Package.swift). */
#include <yaml.h>
