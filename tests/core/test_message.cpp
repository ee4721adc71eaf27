// Messages with their variable parts apart (core/message.h): placeholders filled in order, and
// anything that is not a whole {digit} left as it is.
#include "core/message.h"

#include <gtest/gtest.h>

using namespace attn;

TEST(Message, FillsEachPlaceholderWithItsArg) {
    EXPECT_EQ(format_message("Only the first {0} words were translated.", {"63"}), "Only the first 63 words were translated.");
    EXPECT_EQ(format_message("{1} before {0}, {0} again", {"a", "b"}), "b before a, a again");
    EXPECT_EQ(english(Message{"uses {0} (\"{1}\")", {"the passive", "was written by"}}), "uses the passive (\"was written by\")");
}

TEST(Message, LeavesWhatIsNoPlaceholderAlone) {
    EXPECT_EQ(format_message("{2} has no arg, {x} and {10} are no slots, { 0} neither", {"a"}),
              "{2} has no arg, {x} and {10} are no slots, { 0} neither");
    EXPECT_EQ(format_message("trailing {", {"a"}), "trailing {");
    EXPECT_EQ(format_message("{0", {"a"}), "{0");
    EXPECT_EQ(english(std::vector<Message>{{"a {0}", {"1"}}, {"b", {}}}), (std::vector<std::string>{"a 1", "b"}));
}
