_dealvm() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="dealvm"
                ;;
            dealvm,boards)
                cmd="dealvm__subcmd__boards"
                ;;
            dealvm,check)
                cmd="dealvm__subcmd__check"
                ;;
            dealvm,merge)
                cmd="dealvm__subcmd__merge"
                ;;
            dealvm,serve)
                cmd="dealvm__subcmd__serve"
                ;;
            dealvm,squaredeal)
                cmd="dealvm__subcmd__squaredeal"
                ;;
            dealvm__subcmd__squaredeal,add-phase)
                cmd="dealvm__subcmd__squaredeal__subcmd__add__subcmd__phase"
                ;;
            dealvm__subcmd__squaredeal,create)
                cmd="dealvm__subcmd__squaredeal__subcmd__create"
                ;;
            dealvm__subcmd__squaredeal,generate)
                cmd="dealvm__subcmd__squaredeal__subcmd__generate"
                ;;
            dealvm__subcmd__squaredeal,publish)
                cmd="dealvm__subcmd__squaredeal__subcmd__publish"
                ;;
            dealvm__subcmd__squaredeal,set-dv)
                cmd="dealvm__subcmd__squaredeal__subcmd__set__subcmd__dv"
                ;;
            dealvm__subcmd__squaredeal,verify)
                cmd="dealvm__subcmd__squaredeal__subcmd__verify"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        dealvm)
            opts="-p -g -s -v -q -T -N -E -S -W -0 -1 -2 -3 -4 -5 -6 -7 -8 -9 -x -m -C -X -O -D -M -P -L -U -Z -l -R -h -V --board-start --pbn --dlm --dup --bri --dge --ber --rzd --cds --bhg --lin --boards-csv --sealed --hand-records --paper --boards-per-page --date --rotate --deals --usereval-timeout --dd --se --json --charts --until-se --threads --rejection --plain --reference --shard --part --classic --dump-bytecode --generate --help --version merge boards check squaredeal serve"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                -p)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -g)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -T)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -N)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -E)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -S)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -W)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -0)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -1)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -2)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -3)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -4)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -5)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -6)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -7)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -8)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -9)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -x)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -X)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -O)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --board-start)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pbn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dlm)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dup)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --bri)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dge)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ber)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rzd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --bhg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lin)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards-csv)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --hand-records)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --paper)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards-per-page)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --date)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --deals)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -D)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -M)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -P)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -L)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -U)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --usereval-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -Z)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --json)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --charts)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until-se)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -R)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --part)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --classic)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --generate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        dealvm__subcmd__boards)
            opts="-n -p -f -W -e -h --owner --hash --force --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -p)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --owner)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -W)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -e)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --hash)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        dealvm__subcmd__check)
            opts="-h --dialect --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --dialect)
                    COMPREPLY=($(compgen -W "dealer exe v2" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        dealvm__subcmd__merge)
            opts="-C -X -Z -l -h --pbn --dlm --dup --bri --dge --ber --rzd --cds --bhg --lin --boards-csv --sealed --hand-records --paper --boards-per-page --date --json --charts --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --pbn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dlm)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dup)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --bri)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dge)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ber)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rzd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --bhg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lin)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards-csv)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --hand-records)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --paper)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards-per-page)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --date)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -C)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -X)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -Z)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --json)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --charts)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        dealvm__subcmd__serve)
            opts="-h --listen --max-seconds --max-generate --max-deals --max-script-bytes --max-request-bytes --max-answer-bytes --max-running --max-waiting --max-wait --max-threads --max-header-seconds --max-body-seconds --max-idle-seconds --max-connections --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --listen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-seconds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-generate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-deals)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-script-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-request-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-answer-bytes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-running)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-waiting)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-header-seconds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-body-seconds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-idle-seconds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-connections)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        dealvm__subcmd__squaredeal)
            opts="create add-phase publish set-dv generate verify"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        dealvm__subcmd__squaredeal__subcmd__add__subcmd__phase)
            opts="--sessions --boards --prefix --description"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --sessions)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --description)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        dealvm__subcmd__squaredeal__subcmd__create)
            opts="--name --delayed-info"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --delayed-info)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        dealvm__subcmd__squaredeal__subcmd__generate)
            opts="-f --reserve --force --boards"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                -f)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --boards)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        dealvm__subcmd__squaredeal__subcmd__publish)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        dealvm__subcmd__squaredeal__subcmd__set__subcmd__dv)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        dealvm__subcmd__squaredeal__subcmd__verify)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _dealvm -o nosort -o bashdefault -o default dealvm
else
    complete -F _dealvm -o bashdefault -o default dealvm
fi
