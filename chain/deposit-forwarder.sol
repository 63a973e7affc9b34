// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Deposit addresses without private keys
/// @notice Each end user of a merchant's application gets the CREATE2 address of a DepositForwarder that the factory
/// may deploy there later: tokens sent to that address wait in it, and only the factory can move them, to the
/// treasury it was built with. Handing out an address costs nothing on chain and needs no key; the server computes
/// it from the factory, the salt and the forwarder's creation code, and holds no private key for it.

/// The ERC-20 calls a sweep needs. `transfer` is called without trusting a return value: Ethereum's USDT returns none.
interface ISweptToken {
    function balanceOf(address owner) external view returns (uint256);
}

/// @notice Holds one deposit address's tokens until its factory sweeps them.
contract DepositForwarder {
    /// The factory that deployed it, the only caller it obeys.
    address public immutable factory;

    error NotFactory();
    error TransferFailed(address token);

    constructor() {
        factory = msg.sender;
    }

    /// @notice Moves the whole balance of `token` held here to `to`; returns the amount moved.
    function sweep(address token, address to) external returns (uint256 amount) {
        if (msg.sender != factory) revert NotFactory();
        amount = ISweptToken(token).balanceOf(address(this));
        if (amount == 0) return 0;
        (bool ok, bytes memory answer) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        if (!ok || (answer.length != 0 && !abi.decode(answer, (bool)))) revert TransferFailed(token);
    }
}

/// @notice Deploys forwarders at their deposit addresses and sweeps them into the treasury.
contract DepositForwarderFactory {
    /// Where every swept token goes; fixed at deployment, so a stolen operator key can sweep but never redirect.
    address public immutable treasury;
    /// The one account allowed to sweep (the server's collection key).
    address public immutable operator;

    event Swept(bytes32 indexed salt, address indexed forwarder, address indexed token, uint256 amount);

    error NotOperator();
    error ZeroAddress();

    constructor(address treasury_, address operator_) {
        if (treasury_ == address(0) || operator_ == address(0)) revert ZeroAddress();
        treasury = treasury_;
        operator = operator_;
    }

    /// @notice The deposit address of `salt`, whether or not its forwarder is deployed yet.
    function forwarderAddress(bytes32 salt) public view returns (address) {
        bytes32 codeHash = keccak256(type(DepositForwarder).creationCode);
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, codeHash)))));
    }

    /// @notice Deploys the forwarder of `salt` if it is not there yet, then sweeps its `token` into the treasury.
    function sweep(bytes32 salt, address token) external returns (uint256 amount) {
        if (msg.sender != operator) revert NotOperator();
        address forwarder = forwarderAddress(salt);
        if (forwarder.code.length == 0) new DepositForwarder{salt: salt}();
        amount = DepositForwarder(forwarder).sweep(token, treasury);
        emit Swept(salt, forwarder, token, amount);
    }
}
