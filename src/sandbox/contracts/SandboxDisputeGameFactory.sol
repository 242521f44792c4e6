// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.20;

/// Sandbox stand-in of the DisputeGameFactory (installed at OP Mainnet's and Base's real factory
/// addresses) and the games it creates. The sandbox proposer creates a game per L2 output root
/// (extra data: the L2 block number) and resolves it; the reads Strait makes (gameCount,
/// findLatestGames, gameAtIndex; a game's status, resolvedAt, rootClaim, l2BlockNumber) answer as the
/// real contracts' do. Never deploy this anywhere real.
contract SandboxDisputeGame {
    uint32 public immutable gameType;
    bytes32 public immutable rootClaim;
    uint64 public immutable createdAt;
    bytes internal extra;
    uint8 public status; // GameStatus: 0 IN_PROGRESS, 1 CHALLENGER_WINS, 2 DEFENDER_WINS
    uint64 public resolvedAt;

    constructor(uint32 _gameType, bytes32 _rootClaim, bytes memory _extraData) {
        gameType = _gameType;
        rootClaim = _rootClaim;
        createdAt = uint64(block.timestamp);
        extra = _extraData;
    }

    function extraData() external view returns (bytes memory) { return extra; }
    function l2BlockNumber() public view returns (uint256) { return abi.decode(extra, (uint256)); }
    function l2SequenceNumber() external view returns (uint256) { return l2BlockNumber(); }

    function resolve() external returns (uint8) {
        require(status == 0, "GameNotInProgress");
        status = 2;
        resolvedAt = uint64(block.timestamp);
        return status;
    }
}

contract SandboxDisputeGameFactory {
    struct GameSearchResult { uint256 index; bytes32 metadata; uint64 timestamp; bytes32 rootClaim; bytes extraData; }

    bytes32[] internal gameIds;

    event DisputeGameCreated(address indexed disputeProxy, uint32 indexed gameType, bytes32 indexed rootClaim);

    function gameCount() external view returns (uint256) { return gameIds.length; }

    function create(uint32 _gameType, bytes32 _rootClaim, bytes calldata _extraData) external payable returns (address proxy_) {
        proxy_ = address(new SandboxDisputeGame(_gameType, _rootClaim, _extraData));
        // LibGameId.pack: type (32 bits) | timestamp (64 bits) | address (160 bits).
        gameIds.push(bytes32((uint256(_gameType) << 224) | (uint256(uint64(block.timestamp)) << 160) | uint256(uint160(proxy_))));
        emit DisputeGameCreated(proxy_, _gameType, _rootClaim);
    }

    function gameAtIndex(uint256 _index) public view returns (uint32 gameType_, uint64 timestamp_, address proxy_) {
        uint256 id = uint256(gameIds[_index]);
        return (uint32(id >> 224), uint64(id >> 160), address(uint160(id)));
    }

    function findLatestGames(uint32 _gameType, uint256 _start, uint256 _n) external view returns (GameSearchResult[] memory games_) {
        if (_start >= gameIds.length || _n == 0) return new GameSearchResult[](0);
        GameSearchResult[] memory found = new GameSearchResult[](_n);
        uint256 count;
        for (uint256 i = _start + 1; i > 0 && count < _n; i--) {
            (uint32 gameType, uint64 timestamp, address proxy) = gameAtIndex(i - 1);
            if (gameType != _gameType) continue;
            SandboxDisputeGame game = SandboxDisputeGame(proxy);
            found[count++] = GameSearchResult(i - 1, gameIds[i - 1], timestamp, game.rootClaim(), game.extraData());
        }
        games_ = new GameSearchResult[](count);
        for (uint256 j = 0; j < count; j++) games_[j] = found[j];
    }
}
