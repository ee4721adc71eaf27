# The Q/K/V step-through: core computation (attn_core) and its view (attn_ui).
target_sources(attn_core PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/nn/attention_steps.cpp)
target_sources(attn_ui PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/step_view.cpp)
