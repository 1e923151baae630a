// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {CustodyToken} from "./CustodyToken.sol";

/**
 * Template ERC20_PERMISSIONED: the ERC20 template plus an allowlist, per-address freeze and a compliance switch, all
 * enforced in `_update`, so they hold for transfers, transferFrom, mints and burns alike.
 *
 * - Freeze: a frozen address can neither send nor receive (AccountFrozen).
 * - Allowlist: while enforcement is on, every non-zero party of a balance change (sender and receiver; the receiver of
 *   a mint, the holder of a burn) must be on the allowlist (AddressNotAllowlisted).
 * - Compliance switch: COMPLIANCE_ROLE turns allowlist enforcement on or off (ComplianceUpdated).
 * Deployment puts the admin on the allowlist and starts with enforcement on. COMPLIANCE_ROLE (held by the admin)
 * manages the allowlist, freezes and the switch.
 */
contract PermissionedCustodyToken is CustodyToken {
    bytes32 public constant COMPLIANCE_ROLE = keccak256("COMPLIANCE_ROLE");

    mapping(address account => bool) private _allowlisted;
    mapping(address account => bool) private _frozen;
    bool private _allowlistEnforced;

    event AllowlistUpdated(address indexed account, bool allowed);
    event Frozen(address indexed account);
    event Unfrozen(address indexed account);
    event ComplianceUpdated(bool allowlistEnforced);

    /// The account is frozen: it can neither send nor receive.
    error AccountFrozen(address account);
    /// Allowlist enforcement is on and the account is not on the allowlist.
    error AddressNotAllowlisted(address account);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address admin, uint256 initialSupply)
        CustodyToken(name_, symbol_, decimals_, admin, initialSupply)
    {}

    function isAllowlisted(address account) external view returns (bool) {
        return _allowlisted[account];
    }

    function isFrozen(address account) external view returns (bool) {
        return _frozen[account];
    }

    function allowlistEnforced() external view returns (bool) {
        return _allowlistEnforced;
    }

    function addToAllowlist(address account) external onlyRole(COMPLIANCE_ROLE) {
        _setAllowlisted(account, true);
    }

    function removeFromAllowlist(address account) external onlyRole(COMPLIANCE_ROLE) {
        _setAllowlisted(account, false);
    }

    function freeze(address account) external onlyRole(COMPLIANCE_ROLE) {
        _frozen[account] = true;
        emit Frozen(account);
    }

    function unfreeze(address account) external onlyRole(COMPLIANCE_ROLE) {
        _frozen[account] = false;
        emit Unfrozen(account);
    }

    function setAllowlistEnforced(bool enforced) external onlyRole(COMPLIANCE_ROLE) {
        _setAllowlistEnforced(enforced);
    }

    function _afterRolesGranted(address admin) internal override {
        _grantRole(COMPLIANCE_ROLE, admin);
        _setAllowlisted(admin, true);
        _setAllowlistEnforced(true);
    }

    function _setAllowlisted(address account, bool allowed) private {
        _allowlisted[account] = allowed;
        emit AllowlistUpdated(account, allowed);
    }

    function _setAllowlistEnforced(bool enforced) private {
        _allowlistEnforced = enforced;
        emit ComplianceUpdated(enforced);
    }

    function _update(address from, address to, uint256 value) internal override {
        _checkParty(from);
        _checkParty(to);
        super._update(from, to, value);
    }

    function _checkParty(address account) private view {
        if (account == address(0)) return;
        if (_frozen[account]) revert AccountFrozen(account);
        if (_allowlistEnforced && !_allowlisted[account]) revert AddressNotAllowlisted(account);
    }
}
