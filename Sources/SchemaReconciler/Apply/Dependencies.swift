import GRDB
import Yams
import Crypto
