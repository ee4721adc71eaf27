# attn_gpu: the GL compute path (src/gpu, shaders/). A library of its own, so attn_core and every
# binary that does not use the GPU link no GL. Natively it needs EGL + GLESv2 for the headless
# context of the tests and the CLI; under Emscripten it compiles against WebGL2's GLES3 headers,
# and the app's canvas supplies the context.

# shaders/*.glsl become string constants in a generated .cpp, rebuilt when any shader changes
# (CONFIGURE_DEPENDS also picks up added or removed files).
file(GLOB ATTN_SHADERS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/shaders/*.glsl)
set(ATTN_SHADER_SOURCES_CPP ${CMAKE_BINARY_DIR}/generated/gpu/shader_sources.cpp)
add_custom_command(OUTPUT ${ATTN_SHADER_SOURCES_CPP}
  COMMAND ${CMAKE_COMMAND} -DSHADER_DIR=${CMAKE_SOURCE_DIR}/shaders -DOUT=${ATTN_SHADER_SOURCES_CPP}
          -P ${CMAKE_CURRENT_LIST_DIR}/embed_shaders.cmake
  DEPENDS ${ATTN_SHADERS} ${CMAKE_CURRENT_LIST_DIR}/embed_shaders.cmake
  COMMENT "Embedding shaders/*.glsl" VERBATIM)

if(NOT EMSCRIPTEN)
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(ATTN_EGL QUIET IMPORTED_TARGET egl glesv2)
  if(NOT ATTN_EGL_FOUND)
    message(STATUS "EGL/GLESv2 not found (libegl-dev, libgles-dev): the GL compute path is not built")
    return()
  endif()
endif()

set(_gpu ${CMAKE_CURRENT_LIST_DIR})
add_library(attn_gpu STATIC
  ${_gpu}/dispatch.cpp
  ${_gpu}/gl_backend.cpp
  ${_gpu}/gl_state_guard.cpp
  ${_gpu}/gpu_decode.cpp
  ${_gpu}/gl.cpp
  ${_gpu}/gpu_tensor.cpp
  ${_gpu}/gpu_transformer.cpp
  ${_gpu}/gpu_transformer_weights.cpp
  ${_gpu}/kernels.cpp
  ${_gpu}/kernels_elementwise.cpp
  ${_gpu}/kernels_rows.cpp
  ${_gpu}/program_cache.cpp
  ${_gpu}/target_set.cpp
  ${_gpu}/texture_pool.cpp
  ${ATTN_SHADER_SOURCES_CPP})
target_link_libraries(attn_gpu PUBLIC attn_core)
target_compile_options(attn_gpu PRIVATE ${ATTN_WASM_COMPILE_OPTIONS})
if(NOT EMSCRIPTEN)
  target_sources(attn_gpu PRIVATE ${_gpu}/headless_context.cpp)
  target_link_libraries(attn_gpu PUBLIC PkgConfig::ATTN_EGL)
endif()
