// Service layer; see README "Server".
