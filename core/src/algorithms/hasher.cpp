#include "hashscope/hasher.hpp"

namespace hashscope {

void Hasher::update_after_buffer(std::span<const std::byte> data) {
    flush();
    if (data.size() < kCollect) {  // a small update that did not fit: it starts the next batch
        std::memcpy(buffer_.data(), data.data(), data.size());
        used_ = data.size();
        return;
    }
    do_update(data);
}

}  // namespace hashscope
