#pragma once
// CRC-32 (the IEEE polynomial of zlib and Ethernet), to tell a record written whole from one
// a crash cut short or the disk garbled (the reservation journal). Pure.

#include <cstdint>
#include <string_view>

namespace openlim::util {

uint32_t crc32(std::string_view bytes);

}  // namespace openlim::util
