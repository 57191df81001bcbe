package ptbr

import "testing"

// benchTurns are everyday turns of every act, questions with and without a
// question word among them.
var benchTurns = []string{
	"mostra as notas fiscais do mês passado",
	"você pode cancelar minha matrícula na academia?",
	"quando a biblioteca fecha hoje?",
	"onde eu estacionei o carro",
	"quantas mensagens não lidas eu tenho",
	"o portão da garagem está aberto?",
	"minha conta de celular foi cobrada duas vezes",
	"me diz quando sai a balsa para a ilha",
	"apaga as luzes da varanda e tranca a porta dos fundos",
	"que horas é a aula de piano amanhã",
}

// BenchmarkParse reads a turn of benchTurns per iteration.
func BenchmarkParse(b *testing.B) {
	g := testGrammar(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g.Parse(benchTurns[i%len(benchTurns)])
		i++
	}
}
