// Numbers as the reports print them, shared by the text, Markdown and HTML forms so that a value
// reads the same in each.
#pragma once

#include <string>

namespace hashscope::bench {

// Three significant digits at least, no exponent: 0.512, 8.10, 317.8, 63978.
std::string report_number(double v);

}  // namespace hashscope::bench
