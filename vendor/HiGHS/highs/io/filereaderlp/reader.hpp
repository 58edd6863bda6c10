#ifndef __READERLP_READER_HPP__
#define __READERLP_READER_HPP__

#include <string>

#include "io/filereaderlp/model.hpp"

Model readinstance(std::string filename);

#endif
