// Transport layer; see README "Server".
