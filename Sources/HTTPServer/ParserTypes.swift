// The parser's types that this module's API names (a request's head and method, the limits
// of a configuration), so a user of the server needs no import of the parser. The parser
// functions themselves (RequestHeadParser, ChunkedDecoder) stay the server's business.
@_exported import struct HTTPParser.HTTPMethod
@_exported import struct HTTPParser.RequestHead
@_exported import struct HTTPParser.HeaderField
@_exported import enum HTTPParser.BodyFraming
@_exported import struct HTTPParser.HeadLimits
