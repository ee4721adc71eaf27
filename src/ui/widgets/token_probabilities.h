// Output tokens with the probability the model gave each, printed beneath the token and coloured
// like a traffic light (green: sure, yellow: hesitant, red: a guess), wrapping like text. The
// number is always printed, so the colour is never the only cue.
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

namespace attn {

ImVec4 probability_color(float p);  // >= 0.8 green, >= 0.5 yellow, else red

// probabilities[i] belongs to tokens[i]; a missing one is shown as "-". More than max_rows
// wrapped rows scroll inside a box max_rows high, so a model that babbles to its length limit
// does not push everything below it off the screen.
void draw_token_probabilities(const char * id, const std::vector<std::string> & tokens,
                              const std::vector<float> & probabilities, int max_rows);

} // namespace attn
